// POST /api/contact: the contact form's message, checked by the same schema as the form, stored
// for the admin. A filled honeypot gets the same answer as a real message and is dropped.
import { CONTACT_HONEYPOT_FIELD, contactMessageSchema } from '@archive-opener/shared/api';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.js';
import { insertMessage } from '../../contact/contact-messages-repository.js';
import { apiErrorHandler, parseInput } from '../api-errors.js';

export interface ContactRoutesOptions {
  db: Database;
  rate: { max: number; timeWindowMs: number };
}

const contact: FastifyPluginAsync<ContactRoutesOptions> = async (app, { db, rate }) => {
  app.setErrorHandler(apiErrorHandler);
  app.post(
    '/api/contact',
    { config: { rateLimit: { max: rate.max, timeWindow: rate.timeWindowMs } }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const input = parseInput(contactMessageSchema, request.body);
      if (input[CONTACT_HONEYPOT_FIELD]) request.log.info('contact message dropped: honeypot filled');
      else await insertMessage(db, input);
      return reply.code(201).send({ ok: true });
    },
  );
};

export default contact;
