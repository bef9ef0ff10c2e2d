// A burst of wrong admin logins must not stall the server: each costs an argon2id verification
// (~50 ms of CPU), which on the main thread held every other request back. 150 logins from 30
// addresses, 5 each (within the lockout rule, so every one is checked), while /healthz is asked
// again and again over one kept connection, as a load balancer does. The server believes
// X-Forwarded-For (TRUST_PROXY), so that one test process can be 30 addresses.
import { Agent, get } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../testing/helper.js';

const PASSWORD = 'correct horse battery staple';
// Most answers must come within the goal; a shared, overloaded machine still gets a few slow ones,
// so the slowest is only held to a generous bound. With the checks on the main thread, nine answers
// in ten took 100-900 ms here (and the slowest 28 s over new connections).
const GOAL_MS = 100;
const SLOWEST_BOUND_MS = 2_000;

describe('a burst of wrong admin logins', () => {
  let app: FastifyInstance;
  let url: string;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    app = await build({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' } });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    agent.destroy();
    await app.close();
  });

  const healthz = () =>
    new Promise<number>((resolve, reject) => {
      get(`${url}/healthz`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', reject);
    });

  const login = async (password: string, address: string) => {
    const response = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ password }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
  };

  it('leaves /healthz answering quickly, and every login answers with a coded refusal', { timeout: 180_000 }, async () => {
    expect(await healthz()).toBe(200);
    let ended = false;
    const all = Promise.all(
      Array.from({ length: 150 }, (_, index) => login(`wrong guess ${index}`, `10.9.0.${index % 30}`)),
    ).finally(() => (ended = true));
    const latencies: number[] = [];
    while (!ended) {
      const started = performance.now();
      expect(await healthz()).toBe(200);
      latencies.push(performance.now() - started);
    }
    const answers = await all;
    latencies.sort((a, b) => a - b);
    const p90 = latencies[Math.floor(latencies.length * 0.9)] ?? Number.POSITIVE_INFINITY;
    const slowest = latencies.at(-1) ?? Number.POSITIVE_INFINITY;
    console.log(
      `/healthz during the burst: ${latencies.length} answers, p90 ${p90.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(p90).toBeLessThan(GOAL_MS);
    expect(slowest).toBeLessThan(SLOWEST_BOUND_MS);
    for (const answer of answers) {
      expect([401, 503]).toContain(answer.status);
      expect(answer.body.error?.code).toMatch(/^(LOGIN_FAILED|LOGIN_BUSY)$/);
    }
    // Some were checked, not all refused as busy.
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThan(0);
    // The right password still works once the burst is over.
    expect((await login(PASSWORD, '10.9.1.1')).status).toBe(200);
  });
});
