import { adminMessagesSchema, dashboardSchema } from '@archive-opener/shared/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../admin/admin-password.js';
import { ADMIN_PASSWORD, loggedIn, login, sendContact } from '../../testing/admin-api.js';
import { build } from '../../testing/helper.js';
import { databaseEnv, TEST_DATABASES, type TestSchema } from '../../testing/postgres-schema.js';

const ADMIN_ROUTES = [
  ['GET', '/api/admin/session'],
  ['POST', '/api/admin/logout'],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/messages'],
  ['PATCH', '/api/admin/messages/1'],
  ['DELETE', '/api/admin/messages/1'],
  ['GET', '/api/admin/anything-else'],
] as const;

describe.each(TEST_DATABASES)('the admin API ($name)', ({ schema: createSchema }) => {
  let app: FastifyInstance;
  let schema: TestSchema | null;

  beforeAll(async () => {
    schema = await createSchema();
    app = await build({ env: { ADMIN_PASSWORD, ...databaseEnv(schema) } });
  });
  afterAll(async () => {
    await app.close();
    await schema?.drop();
  });

  it('answers 401 on every admin route without a session, or with a made-up one', async () => {
    for (const [method, url] of ADMIN_ROUTES) {
      for (const cookie of [undefined, 'ao_admin_session=forged-token']) {
        const res = await app.inject({
          method,
          url,
          payload: method === 'PATCH' ? { isRead: true } : undefined,
          headers: cookie ? { cookie } : {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please log in.' } });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('logs in with the right password: an HttpOnly, SameSite=Strict cookie for the admin API only', async () => {
    const res = await login(app, ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({
      name: 'ao_admin_session',
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/admin',
      maxAge: 8 * 3600,
    });
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    const session = res.json<{ csrfToken: string; expiresAt: string; idleMinutes: number }>();
    expect(session.idleMinutes).toBe(30);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    // The token is not in the answer, only in the cookie.
    expect(res.body).not.toContain(cookie?.value);

    const admin = await loggedIn(app);
    const again = await admin.call({ method: 'GET', url: '/api/admin/session' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ csrfToken: admin.session.csrfToken });
    const dashboard = await admin.call({ method: 'GET', url: '/api/admin/dashboard?tz=Europe/Madrid' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboardSchema.parse(dashboard.json()).system.database.ok).toBe(true);
  });

  it('answers every wrong password alike, then locks the client out for 15 minutes after 5 failures', async () => {
    const address = '10.1.0.1';
    const failures = [];
    for (const password of ['wrong', 'also wrong', ADMIN_PASSWORD.toUpperCase(), ' ', 'x'.repeat(1000)])
      failures.push(await login(app, password, address));
    for (const res of failures) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'LOGIN_FAILED', message: 'Incorrect password' } });
      expect(res.cookies).toEqual([]);
    }
    // Now even the right password is refused, with the time left.
    const locked = await login(app, ADMIN_PASSWORD, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ error: { code: string } }>().error.code).toBe('LOGIN_LOCKED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.cookies).toEqual([]);
    // Another client is not affected.
    expect((await login(app, ADMIN_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const address = '10.2.0.1';
    for (let i = 0; i < 4; i += 1) expect((await login(app, 'wrong', address)).statusCode).toBe(401);
    expect((await login(app, ADMIN_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(app, 'wrong', address)).statusCode).toBe(401);
    expect((await login(app, ADMIN_PASSWORD, address)).statusCode).toBe(200);
  });

  it('refuses a state-changing call without the right CSRF token with 403', async () => {
    expect((await sendContact(app, { name: 'Ana', email: 'ana@example.com', message: 'Hola' })).statusCode).toBe(201);
    const admin = await loggedIn(app);
    const { messages } = adminMessagesSchema.parse((await admin.call({ method: 'GET', url: '/api/admin/messages' })).json());
    const id = messages[0]?.id ?? '';
    for (const csrf of [false, 'not-the-token', '']) {
      const res = await admin.call({ method: 'PATCH', url: `/api/admin/messages/${id}`, payload: { isRead: true }, csrf });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('CSRF');
      expect((await admin.call({ method: 'DELETE', url: `/api/admin/messages/${id}`, csrf })).statusCode).toBe(403);
      expect((await admin.call({ method: 'POST', url: '/api/admin/logout', csrf })).statusCode).toBe(403);
    }
    // Another session's token does not do either.
    const other = await loggedIn(app);
    const crossed = await admin.call({
      method: 'PATCH',
      url: `/api/admin/messages/${id}`,
      payload: { isRead: true },
      csrf: other.session.csrfToken,
    });
    expect(crossed.statusCode).toBe(403);
    // Nothing changed.
    const after = adminMessagesSchema.parse((await admin.call({ method: 'GET', url: '/api/admin/messages' })).json());
    expect(after.messages.find((message) => message.id === id)?.isRead).toBe(false);
  });

  it('lists messages newest first with the unread count, marks one read, deletes one', async () => {
    const admin = await loggedIn(app);
    const before = adminMessagesSchema.parse((await admin.call({ method: 'GET', url: '/api/admin/messages' })).json());
    await sendContact(app, { name: 'First', email: 'first@example.com', message: 'one' }, '10.3.0.1');
    await sendContact(app, { name: 'Second <b>', email: 'second@example.com', message: '<script>alert(1)</script>' }, '10.3.0.1');
    const listed = adminMessagesSchema.parse((await admin.call({ method: 'GET', url: '/api/admin/messages' })).json());
    expect(listed.unreadCount).toBe(before.unreadCount + 2);
    expect(listed.messages.slice(0, 2).map((message) => message.name)).toEqual(['Second <b>', 'First']);
    // Stored as sent: escaping is the page's job, and it renders text only.
    expect(listed.messages[0]).toMatchObject({
      message: '<script>alert(1)</script>',
      email: 'second@example.com',
      isRead: false,
    });
    const second = listed.messages[0]!;
    const first = listed.messages[1]!;

    const marked = await admin.call({ method: 'PATCH', url: `/api/admin/messages/${second.id}`, payload: { isRead: true } });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: second.id, isRead: true });
    const afterMark = adminMessagesSchema.parse((await admin.call({ method: 'GET', url: '/api/admin/messages' })).json());
    expect(afterMark.unreadCount).toBe(listed.unreadCount - 1);

    expect(
      (await admin.call({ method: 'PATCH', url: `/api/admin/messages/${first.id}`, payload: { isRead: 'yes' } })).statusCode,
    ).toBe(400);
    expect((await admin.call({ method: 'DELETE', url: `/api/admin/messages/${first.id}` })).statusCode).toBe(204);
    expect((await admin.call({ method: 'DELETE', url: `/api/admin/messages/${first.id}` })).statusCode).toBe(404);
    for (const id of ['0', 'abc', '1 OR 1=1', '99999999999999999999999'])
      expect((await admin.call({ method: 'DELETE', url: `/api/admin/messages/${encodeURIComponent(id)}` })).statusCode).toBe(404);
    const afterDelete = adminMessagesSchema.parse((await admin.call({ method: 'GET', url: '/api/admin/messages' })).json());
    expect(afterDelete.messages.some((message) => message.id === first.id)).toBe(false);
  });

  it('logs out: the session is gone on the server and the cookie is cleared', async () => {
    const admin = await loggedIn(app);
    const res = await admin.call({ method: 'POST', url: '/api/admin/logout' });
    expect(res.statusCode).toBe(204);
    expect(res.cookies[0]).toMatchObject({ name: 'ao_admin_session', value: '' });
    expect((await admin.call({ method: 'GET', url: '/api/admin/session' })).statusCode).toBe(401);
  });
});

describe('admin sessions end', () => {
  it('after the idle time without a request, and at the absolute limit even when busy', async () => {
    // Margins of seconds: a loaded machine must not make a live session look idle.
    const app = await build({
      env: { ADMIN_PASSWORD },
      configure: (config) => ({ ...config, admin: { ...config.admin, sessionIdleMs: 3000, sessionMaxMs: 7000 } }),
    });
    try {
      const idle = await loggedIn(app);
      const busy = await loggedIn(app);
      const loggedInAt = Date.now();
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let i = 0; i < 4; i += 1) {
        await pause(1000);
        expect((await busy.call({ method: 'GET', url: '/api/admin/session' })).statusCode).toBe(200);
      }
      expect((await idle.call({ method: 'GET', url: '/api/admin/session' })).statusCode).toBe(401);
      await pause(Math.max(0, loggedInAt + 7500 - Date.now()));
      expect((await busy.call({ method: 'GET', url: '/api/admin/session' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('the admin password', () => {
  it('is generated at first start when none is configured, printed once, and only its hash kept', async () => {
    const lines: string[] = [];
    const app = await build({ env: { LOG_LEVEL: 'warn' }, logTo: (line) => lines.push(line) });
    try {
      const printed = lines.join('\n').match(/shown only this once: ([\w-]{24})/)?.[1];
      expect(printed).toBeDefined();
      expect((await login(app, printed ?? '')).statusCode).toBe(200);
      expect((await login(app, 'not it', '10.9.0.1')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('can be given as an argon2id hash (ADMIN_PASSWORD_HASH)', async () => {
    const app = await build({ env: { ADMIN_PASSWORD_HASH: await hashPassword('a hashed admin password') } });
    try {
      expect((await login(app, 'a hashed admin password')).statusCode).toBe(200);
      expect((await login(app, ADMIN_PASSWORD, '10.9.0.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
