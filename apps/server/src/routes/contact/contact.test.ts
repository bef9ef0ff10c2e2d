import { adminMessagesSchema, CONTACT_LIMITS } from '@archive-opener/shared/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, loggedIn, sendContact } from '../../testing/admin-api.js';
import { build } from '../../testing/helper.js';

let nextAddress = 0;
const VALID = { name: 'Ana López', email: 'ana@example.com', message: 'The RAR from my camera opens fine, thanks!' };

describe('POST /api/contact', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({ env: { ADMIN_PASSWORD } });
  });
  afterAll(async () => {
    await app.close();
  });

  async function storedMessages() {
    const admin = await loggedIn(app, '192.0.2.250');
    return adminMessagesSchema.parse((await admin.call({ method: 'GET', url: '/api/admin/messages' })).json()).messages;
  }

  it('stores a valid message trimmed, unread, with its time', async () => {
    const before = Date.now();
    const res = await sendContact(
      app,
      { name: '  Ana López ', email: ' ana@example.com', message: '\nThe RAR opens fine.  ', website: '' },
      '192.0.2.1',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const [stored] = await storedMessages();
    expect(stored).toMatchObject({ name: 'Ana López', email: 'ana@example.com', message: 'The RAR opens fine.', isRead: false });
    expect(Date.parse(stored?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['an empty name', { ...VALID, name: '' }],
    ['a name of spaces', { ...VALID, name: '   ' }],
    ['no email', { name: VALID.name, message: VALID.message }],
    ['an empty message', { ...VALID, message: ' \n ' }],
    ['a name too long', { ...VALID, name: 'n'.repeat(CONTACT_LIMITS.name + 1) }],
    ['an email too long', { ...VALID, email: `${'e'.repeat(CONTACT_LIMITS.email)}@example.com` }],
    ['a message too long', { ...VALID, message: 'm'.repeat(CONTACT_LIMITS.message + 1) }],
    ['an invalid email', { ...VALID, email: 'ana at example.com' }],
    ['an email with a second address', { ...VALID, email: 'ana@example.com, eve@example.com' }],
    ['a number for the name', { ...VALID, name: 42 }],
  ])('refuses %s with 400 INVALID_INPUT and stores nothing', async (_case, body) => {
    const before = (await storedMessages()).length;
    // Refused messages count against the hourly limit too: one address per case.
    nextAddress += 1;
    const res = await sendContact(app, body, `198.51.100.${nextAddress}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('INVALID_INPUT');
    expect((await storedMessages()).length).toBe(before);
  });

  it('accepts the longest allowed values', async () => {
    const longest = {
      name: 'n'.repeat(CONTACT_LIMITS.name),
      email: `${'e'.repeat(CONTACT_LIMITS.email - 12)}@example.com`,
      message: 'm'.repeat(CONTACT_LIMITS.message),
    };
    expect((await sendContact(app, longest, '192.0.2.3')).statusCode).toBe(201);
  });

  it('answers a filled honeypot like a real message but keeps nothing', async () => {
    const before = (await storedMessages()).length;
    const res = await sendContact(app, { ...VALID, website: 'https://spam.example' }, '192.0.2.4');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect((await storedMessages()).length).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: 'name=Ana',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: '192.0.2.5',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('INVALID_INPUT');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: '{"name":',
          headers: { 'content-type': 'application/json' },
          remoteAddress: '192.0.2.5',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('takes 5 messages an hour from one client, then answers 429 RATE_LIMITED; others still get through', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await sendContact(app, { ...VALID, message: `message ${i}` }, '192.0.2.6')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await sendContact(app, VALID, '192.0.2.6');
    expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Rate limit exceeded/) as string,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await sendContact(app, VALID, '192.0.2.7')).statusCode).toBe(201);
  });
});
