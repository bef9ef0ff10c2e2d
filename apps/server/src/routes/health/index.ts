// Liveness probe for load balancers and container orchestrators.
import type { FastifyPluginAsync } from 'fastify';

const health: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' }, uptimeSeconds: { type: 'integer' } },
            required: ['status', 'uptimeSeconds'],
          },
        },
      },
    },
    async (_request, reply) => {
      // A cached "ok" would hide an outage.
      reply.header('cache-control', 'no-store');
      return { status: 'ok', uptimeSeconds: Math.floor(process.uptime()) };
    },
  );
};

export default health;
