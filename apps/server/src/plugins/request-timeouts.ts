// Limits against clients that hold the server's connections without using them (slowloris): a
// cap on open connections, and timeouts for headers, for the whole request, for an idle
// connection and between kept-alive requests (Node's own, set through Fastify's options). A body
// must arrive within BODY_TIMEOUT_S, extended by the time its size takes at a minimum rate, so a
// body sent a byte at a time is cut off while a large upload on a slow but working line is not.
import type { Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

type HttpLimits = Config['http'];

/** The Fastify options that set Node's HTTP server timeouts. */
export function serverTimeouts(
  limits: HttpLimits,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for connections past those timeouts (30 s by default, longer than
      // a short timeout): a quarter of the headers timeout, between 0.1 and 5 s.
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.round(limits.headersTimeoutMs / 4))),
    },
  };
}

export function requestTimeouts(app: FastifyInstance, limits: HttpLimits): void {
  // Node closes connections beyond this as soon as they are accepted.
  app.server.maxConnections = limits.maxConnections;

  app.addHook('onRequest', (request, reply, done) => {
    const incoming = request.raw;
    const { headers } = incoming;
    const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
    const { socket } = incoming;
    // (A request made by inject() has no real socket to watch or close.)
    if (!hasBody || incoming.complete || !(socket instanceof Socket)) return done();
    const start = Date.now();
    const bytesAtStart = socket.bytesRead;
    let timer: NodeJS.Timeout;
    // Runs at each deadline: the bytes received since buy more time, or the connection is cut.
    const check = () => {
      if (incoming.complete || socket.destroyed) return;
      const earned = ((socket.bytesRead - bytesAtStart) / limits.bodyMinBytesPerSecond) * 1000;
      const left = start + limits.bodyTimeoutMs + earned - Date.now();
      if (left > 0) timer = setTimeout(check, left).unref();
      else {
        request.log.info('request body too slow: connection closed');
        socket.destroy();
      }
    };
    timer = setTimeout(check, limits.bodyTimeoutMs).unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
