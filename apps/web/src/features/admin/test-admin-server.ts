// Test-only: the admin API as `fetch` sees it, with the contract's answers (shapes checked by the
// shared schemas), so the tests drive the page through the network boundary and nothing else.
import { CSRF_HEADER, dashboardSchema, type AdminMessage, type Dashboard } from '@archive-opener/shared/api';
import { vi } from 'vitest';

export const PASSWORD = 'correct horse battery staple';
export const CSRF = 'csrf-token-1234';
const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

export const dashboardFixture: Dashboard = dashboardSchema.parse({
  stats: { totalExtractions: 12847, todayExtractions: 156, successRate: 99.2, visitors24h: 342 },
  recentActivity: [
    { at: ago(2), mode: 'browser', format: 'zip', sizeBucket: '1-10mb', outcome: 'success', errorCode: null, durationMs: 1840 },
    {
      at: ago(15),
      mode: 'server',
      format: 'rar',
      sizeBucket: 'under-1mb',
      outcome: 'failure',
      errorCode: 'WRONG_PASSWORD',
      durationMs: 420,
    },
    // Not 90: half-way between two units is a rounding boundary.
    { at: ago(125), mode: 'api', format: null, sizeBucket: null, outcome: 'cancelled', errorCode: null, durationMs: null },
  ],
  system: {
    database: { ok: true, kind: 'pglite', latencyMs: 3 },
    queueDepth: 4,
    runningJobs: 2,
    workers: { busy: 2, capacity: 2 },
    storageBytes: 5 * 1024 ** 2,
    uptimeSeconds: 3 * 86_400 + 4 * 3600 + 120,
    memory: { rssBytes: 120 * 1024 ** 2, heapUsedBytes: 48 * 1024 ** 2 },
    version: '0.1.0',
    nodeVersion: 'v22.12.0',
    staticFiles: [
      {
        path: '/sitemap.xml',
        at: ago(5),
        success: true,
        status: 200,
        contentType: 'text/html',
        error: null,
        warning: true,
      },
    ],
  },
});

export function messageFixture(overrides: Partial<AdminMessage> = {}): AdminMessage {
  return {
    id: 'm1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'Hello,\nthe site is great.',
    isRead: false,
    createdAt: ago(30),
    ...overrides,
  };
}

interface Options {
  loggedIn?: boolean;
  messages?: AdminMessage[];
  /** Answer the login with 429 LOGIN_LOCKED and this Retry-After. */
  lockedForSeconds?: number;
  /** Answer the login with 503 LOGIN_BUSY (the password checks' queue is full). */
  loginBusy?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

const refusal = (status: number, code: string, headers: Record<string, string> = {}) =>
  Response.json({ error: { code, message: code } }, { status, headers });

/** Installs the fake as `fetch`; `state` and `requests` let a test change and inspect it. */
export function fakeAdminServer({ loggedIn = false, messages = [messageFixture()], lockedForSeconds, loginBusy }: Options = {}) {
  const state = {
    loggedIn,
    messages: [...messages],
    failPatch: false,
    /** While set, no request gets an answer (as when the network is down). */
    offline: false,
    /** While set, every answer waits for it (to see the page's pending states). */
    hold: null as Promise<void> | null,
  };
  const requests: RecordedRequest[] = [];
  const session = () => ({ csrfToken: CSRF, expiresAt: new Date(NOW + 8 * 3600_000).toISOString(), idleMinutes: 30 });

  const answer = (method: string, path: string, headers: Headers, body: unknown): Response => {
    if (method === 'POST' && path === '/api/admin/login') {
      if (lockedForSeconds) return refusal(429, 'LOGIN_LOCKED', { 'Retry-After': String(lockedForSeconds) });
      if (loginBusy) return refusal(503, 'LOGIN_BUSY', { 'Retry-After': '5' });
      if ((body as { password?: string }).password !== PASSWORD) return refusal(401, 'LOGIN_FAILED');
      state.loggedIn = true;
      return Response.json(session());
    }
    if (!state.loggedIn) return refusal(401, 'UNAUTHORIZED');
    const csrfOk = headers.get(CSRF_HEADER) === CSRF;
    if (method === 'GET' && path === '/api/admin/session') return Response.json(session());
    if (method === 'GET' && path.startsWith('/api/admin/dashboard?tz=')) return Response.json(dashboardFixture);
    if (method === 'GET' && path === '/api/admin/messages') {
      return Response.json({ messages: state.messages, unreadCount: state.messages.filter((m) => !m.isRead).length });
    }
    if (!csrfOk) return refusal(403, 'CSRF');
    if (method === 'POST' && path === '/api/admin/logout') {
      state.loggedIn = false;
      return new Response(null, { status: 204 });
    }
    const id = /^\/api\/admin\/messages\/([^/]+)$/.exec(path)?.[1];
    const index = state.messages.findIndex((message) => message.id === id);
    if (index === -1) return refusal(404, 'NOT_FOUND');
    if (method === 'PATCH') {
      if (state.failPatch) return refusal(500, 'INTERNAL');
      state.messages[index] = { ...state.messages[index]!, isRead: (body as { isRead: boolean }).isRead };
      return Response.json(state.messages[index]);
    }
    if (method === 'DELETE') {
      state.messages.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return refusal(404, 'NOT_FOUND');
  };

  const fetchFake = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = input;
    const headers = new Headers(init.headers);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    requests.push({ method, path, headers, body });
    if (state.hold) await state.hold;
    if (state.offline) throw new TypeError('Failed to fetch');
    return answer(method, path, headers, body);
  });
  vi.stubGlobal('fetch', fetchFake);
  return { state, requests };
}
