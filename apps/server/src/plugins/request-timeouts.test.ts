// Slowloris: clients that hold connections open by sending slowly, or by not sending at all, are
// cut off after the configured times, with real sockets against a listening server. The times are
// shortened here so that the test stays fast; the defaults are in config.ts and the README.
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../testing/helper.js';

// A cut-off must come well before this; the old server never cut these connections at all.
const NEVER_MS = 15_000;

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await build({
    env: {
      HEADERS_TIMEOUT_S: '1',
      BODY_TIMEOUT_S: '1',
      IDLE_TIMEOUT_S: '2',
      KEEP_ALIVE_TIMEOUT_S: '1',
      MAX_CONNECTIONS: '6',
    },
    configure: (config) => ({ ...config, http: { ...config.http, bodyMinBytesPerSecond: 2_000 } }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app.close());

interface Connection {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves with the milliseconds from opening to the server closing the connection. */
  closed: Promise<number>;
}

async function open(): Promise<Connection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const start = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - start)));
  return { socket, received: () => text, closed };
}

/** Writes `text` a few bytes at a time every `everyMs`, until it is all sent or the socket closes. */
async function dribble(socket: Socket, text: string, bytes: number, everyMs: number): Promise<void> {
  for (let at = 0; at < text.length && !socket.destroyed; at += bytes) {
    socket.write(text.slice(at, at + bytes));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const deadline = (closed: Promise<number>) =>
  Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), NEVER_MS).unref())]);

describe('request timeouts', () => {
  it('closes a connection whose request body arrives a byte at a time', async () => {
    const { socket, closed } = await open();
    const body = JSON.stringify({ password: 'x'.repeat(400) });
    socket.write(
      `POST /api/admin/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    void dribble(socket, body, 1, 100);
    expect(await deadline(closed)).toBeLessThan(NEVER_MS);
  });

  it('closes a connection whose headers never end', async () => {
    const { socket, closed } = await open();
    void dribble(socket, `GET /healthz HTTP/1.1\r\nhost: x\r\n${'x-slow: y\r\n'.repeat(100)}`, 1, 100);
    expect(await deadline(closed)).toBeLessThan(NEVER_MS);
  });

  it('closes a connection that sends nothing, and one left idle after its answer', async () => {
    const silent = await open();
    const idle = await open();
    idle.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n');
    expect(await deadline(silent.closed)).toBeLessThan(NEVER_MS);
    expect(await deadline(idle.closed)).toBeLessThan(NEVER_MS);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('lets a large body through that keeps arriving at the minimum rate, past the first timeout', async () => {
    const { socket, received, closed } = await open();
    // 6,000 bytes at about 6,000 bytes/s: past BODY_TIMEOUT_S, above the minimum rate.
    const body = JSON.stringify({ password: 'x'.repeat(6000) });
    socket.write(
      `POST /api/admin/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    await dribble(socket, body, 300, 50);
    await deadline(closed);
    expect(received()).toMatch(/^HTTP\/1\.1 (400|401) /);
  });

  it('refuses connections beyond MAX_CONNECTIONS, and takes new ones once they go', async () => {
    const held = await Promise.all(Array.from({ length: 6 }, () => open()));
    const extra = await open();
    extra.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n');
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
