import { stat } from 'node:fs/promises';
import { SIZE_BUCKETS, sizeBucket } from '@archive-opener/shared';
import { dashboardSchema, type Dashboard, type StaticFileCheck, type UsageEvent } from '@archive-opener/shared/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { openDatabase } from '../db/open-database.js';
import { deleteExpiredRecords } from '../privacy/record-retention.js';
import { ADMIN_PASSWORD, loggedIn } from '../testing/admin-api.js';
import { upload, waitForEnd } from '../testing/extraction-api.js';
import { build } from '../testing/helper.js';
import { databaseEnv, TEST_DATABASES, type TestSchema } from '../testing/postgres-schema.js';

const BROWSER_SUCCESS: UsageEvent = {
  mode: 'browser',
  format: 'zip',
  outcome: 'success',
  errorCode: null,
  sizeBucket: '1-10mb',
  durationMs: 840,
};

const ROBOTS_OK: StaticFileCheck = {
  path: '/robots.txt',
  method: 'GET',
  userAgent: 'Mozilla/5.0 test',
  referrer: '',
  success: true,
  status: 200,
  statusText: 'OK',
  contentType: 'text/plain; charset=utf-8',
  error: null,
};

function sendEvent(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '203.0.113.1') {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    payload: payload as object,
    headers: { 'user-agent': 'Browser A', ...headers },
    remoteAddress,
  });
}

function sendCheck(app: FastifyInstance, payload: unknown, remoteAddress = '203.0.113.1') {
  return app.inject({ method: 'POST', url: '/api/monitor-static-files', payload: payload as object, remoteAddress });
}

describe.each(TEST_DATABASES)('statistics ($name)', ({ schema: createSchema }) => {
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

  async function dashboard(): Promise<Dashboard> {
    const admin = await loggedIn(app, '192.0.2.200');
    const res = await admin.call({ method: 'GET', url: `/api/admin/dashboard?tz=${encodeURIComponent('America/Mexico_City')}` });
    expect(res.statusCode).toBe(200);
    return dashboardSchema.parse(res.json());
  }

  it('starts empty: no extractions, no success rate, no visitors, no checks', async () => {
    const { stats, recentActivity, system } = await dashboard();
    expect(stats).toEqual({ totalExtractions: 0, todayExtractions: 0, successRate: null, visitors24h: 0 });
    expect(recentActivity).toEqual([]);
    expect(system).toMatchObject({ queueDepth: 0, runningJobs: 0, workers: { busy: 0, capacity: 2 }, staticFiles: [] });
    expect(system.database).toMatchObject({ ok: true, kind: schema ? 'postgresql' : 'pglite' });
    expect(system.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    ['a server-mode event', { ...BROWSER_SUCCESS, mode: 'server' }],
    ['an unknown outcome', { ...BROWSER_SUCCESS, outcome: 'maybe' }],
    ['an unknown size step', { ...BROWSER_SUCCESS, sizeBucket: '3mb' }],
    ['a negative duration', { ...BROWSER_SUCCESS, durationMs: -1 }],
    ['a file name as the format', { ...BROWSER_SUCCESS, format: 'holiday photos.zip' }],
    ['an unknown error code', { ...BROWSER_SUCCESS, outcome: 'failure', errorCode: 'NOPE' }],
  ])('refuses %s with 400', async (_case, body) => {
    const res = await sendEvent(app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('INVALID_INPUT');
  });

  it('refuses a report of another file than robots.txt or sitemap.xml', async () => {
    expect((await sendCheck(app, { ...ROBOTS_OK, path: '/etc/passwd' })).statusCode).toBe(400);
    expect((await sendCheck(app, { ...ROBOTS_OK, userAgent: 'u'.repeat(513) })).statusCode).toBe(400);
  });

  it('counts an extraction in each mode, success and failure, and distinct visitors without DNT/GPC ones', async () => {
    // Browser mode: two visitors (different address), one of them twice, and one with GPC.
    expect((await sendEvent(app, BROWSER_SUCCESS, {}, '203.0.113.1')).statusCode).toBe(204);
    expect(
      (
        await sendEvent(
          app,
          { ...BROWSER_SUCCESS, outcome: 'failure', errorCode: 'WRONG_PASSWORD', format: '7z' },
          {},
          '203.0.113.1',
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await sendEvent(app, { ...BROWSER_SUCCESS, outcome: 'cancelled', errorCode: 'CANCELLED' }, {}, '203.0.113.2')).statusCode,
    ).toBe(204);
    expect((await sendEvent(app, BROWSER_SUCCESS, { 'sec-gpc': '1' }, '203.0.113.3')).statusCode).toBe(204);
    expect((await sendEvent(app, BROWSER_SUCCESS, { dnt: '1' }, '203.0.113.4')).statusCode).toBe(204);
    // Server mode: one success from a third visitor, one failure (no password) from the first.
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const done = await upload(app, { parts: zip.parts }, '203.0.113.5');
    expect((await waitForEnd(app, done.json<{ id: string }>().id)).status).toBe('completed');
    const locked = corpusCase('py7zr/encrypted_3.7z');
    const failed = await upload(app, { parts: locked.parts }, '203.0.113.1');
    expect((await waitForEnd(app, failed.json<{ id: string }>().id)).error?.code).toBe('PASSWORD_REQUIRED');

    const { stats, recentActivity } = await dashboard();
    expect(stats.totalExtractions).toBe(7);
    expect(stats.todayExtractions).toBe(7);
    // 4 successes of 6 finished (the cancelled one is left out).
    expect(stats.successRate).toBe(66.7);
    // 203.0.113.1 (browser, then server with another user agent), .2, .5; GPC and DNT not counted.
    expect(stats.visitors24h).toBe(4);
    expect(recentActivity).toHaveLength(7);
    expect(recentActivity[0]).toMatchObject({
      mode: 'server',
      outcome: 'failure',
      errorCode: 'PASSWORD_REQUIRED',
      format: null,
      sizeBucket: 'under-1mb',
    });
    expect(recentActivity[1]).toMatchObject({
      mode: 'server',
      outcome: 'success',
      errorCode: null,
      format: 'zip',
      sizeBucket: sizeBucket((await stat(zip.parts[0] ?? '')).size),
    });
    expect(recentActivity.map((activity) => activity.mode).sort()).toEqual([
      'browser',
      'browser',
      'browser',
      'browser',
      'browser',
      'server',
      'server',
    ]);
    expect(recentActivity.find((activity) => activity.outcome === 'cancelled')).toMatchObject({
      mode: 'browser',
      errorCode: 'CANCELLED',
    });
    for (const activity of recentActivity) expect(activity.durationMs).toBeGreaterThanOrEqual(0);
    // No name of any archive or file reaches the dashboard.
    const body = JSON.stringify(recentActivity);
    for (const name of ['test_compat_zip_5', 'encrypted_3', ...zip.files.keys()]) expect(body).not.toContain(name);
  });

  it('shows the latest robots.txt and sitemap.xml check, a sitemap without an XML type as a warning', async () => {
    expect(
      (
        await sendCheck(app, {
          ...ROBOTS_OK,
          success: false,
          status: 0,
          statusText: '',
          contentType: '',
          error: 'Failed to fetch',
        })
      ).statusCode,
    ).toBe(204);
    expect((await sendCheck(app, ROBOTS_OK)).statusCode).toBe(204);
    expect(
      (await sendCheck(app, { ...ROBOTS_OK, path: '/sitemap.xml', contentType: 'text/html' }, '203.0.113.9')).statusCode,
    ).toBe(204);
    const { system, stats } = await dashboard();
    const robots = system.staticFiles.find((file) => file.path === '/robots.txt');
    const sitemap = system.staticFiles.find((file) => file.path === '/sitemap.xml');
    expect(robots).toMatchObject({ success: true, status: 200, warning: false, error: null });
    expect(sitemap).toMatchObject({ success: true, contentType: 'text/html', warning: true });
    // A visitor whose page only checked the files counts too.
    expect(stats.visitors24h).toBeGreaterThanOrEqual(5);
  });
});

describe('the database side of the statistics', () => {
  it('sorts sizes into the same steps in SQL (server jobs) as in TypeScript (the page)', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      const sizes = [
        0,
        1,
        ...SIZE_BUCKETS.filter((bucket) => Number.isFinite(bucket.below)).flatMap((bucket) => [bucket.below - 1, bucket.below]),
        5 * 1024 ** 4,
      ];
      const { rows } = await db.query<{ bytes: string; bucket: string }>(
        `SELECT bytes::text, size_bucket(bytes) AS bucket FROM unnest($1::bigint[]) AS bytes`,
        [sizes],
      );
      expect(rows.map((row) => [Number(row.bytes), row.bucket])).toEqual(sizes.map((bytes) => [bytes, sizeBucket(bytes)]));
    } finally {
      await db.close();
    }
  });

  it('deletes what has expired and erases old visitor hashes, keeping the rest', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      const ago = (amount: string) => `now() - interval '${amount}'`;
      await db.query(
        `INSERT INTO contact_messages (name, email, message, created_at) VALUES ('old', 'o@example.com', 'x', ${ago('366 days')}), ('new', 'n@example.com', 'y', ${ago('364 days')})`,
      );
      await db.query(
        `INSERT INTO usage_events (mode, outcome, visitor_hash, created_at) VALUES ('browser', 'success', 'h-old', ${ago('49 hours')}), ('browser', 'success', 'h-new', ${ago('47 hours')})`,
      );
      await db.query(
        `INSERT INTO static_file_checks (path, method, user_agent, referrer, success, status, status_text, content_type, visitor_hash, created_at)
         VALUES ('/robots.txt', 'GET', '', '', true, 200, 'OK', 'text/plain', 'h', ${ago('31 days')}), ('/robots.txt', 'GET', '', '', true, 200, 'OK', 'text/plain', 'h-old', ${ago('3 days')})`,
      );
      await db.query(`INSERT INTO visitor_salts (day, salt) VALUES (current_date - 1, 'yesterday'), (current_date, 'today')`);
      await db.query(
        `INSERT INTO admin_sessions (token_hash, csrf_token, expires_at, last_seen_at) VALUES ('ended', 'c', ${ago('1 second')}, now()), ('idle', 'c', now() + interval '1 hour', ${ago('31 minutes')}), ('live', 'c', now() + interval '1 hour', now())`,
      );
      await db.query(
        `INSERT INTO admin_login_failures (client_key, failed_at) VALUES ('k', ${ago('31 minutes')}), ('k', ${ago('29 minutes')})`,
      );

      await deleteExpiredRecords(db, { sessionIdleMs: 30 * 60_000, lockoutMs: 15 * 60_000 });

      const column = async (sql: string) => (await db.query<{ value: unknown }>(sql)).rows.map((row) => row.value);
      expect(await column(`SELECT name AS value FROM contact_messages`)).toEqual(['new']);
      expect(await column(`SELECT visitor_hash AS value FROM usage_events ORDER BY created_at`)).toEqual([null, 'h-new']);
      expect(await column(`SELECT visitor_hash AS value FROM static_file_checks`)).toEqual([null]);
      expect(await column(`SELECT salt AS value FROM visitor_salts`)).toEqual(['today']);
      expect(await column(`SELECT token_hash AS value FROM admin_sessions`)).toEqual(['live']);
      expect(await column(`SELECT count(*)::int AS value FROM admin_login_failures`)).toEqual([1]);
    } finally {
      await db.close();
    }
  });
});
