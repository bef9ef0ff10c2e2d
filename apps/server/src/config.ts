// The server's whole configuration comes from environment variables, validated once at start so a
// typo (PORT=abc) stops the process with a readable message instead of failing on first use.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_EXTRACT_CONCURRENCY, DEFAULT_MAX_UPLOAD_MB, DEFAULT_RETENTION_MINUTES } from '@archive-opener/shared';
import { CONTACT_MESSAGES_PER_HOUR } from '@archive-opener/shared/api';
import { z } from 'zod';

// The web app's build output, relative to this file once compiled (apps/server/dist → apps/web/dist).
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

// Where uploads, extracted files and the embedded database live unless DATA_DIR says otherwise:
// the working directory's data/ (the repository root under `npm start`).
const DEFAULT_DATA_DIR = 'data';

/** A positive number from the environment, with a default and an upper bound. */
function positiveNumber(fallback: number, { integer = false, max }: { integer?: boolean; max: number }) {
  return z
    .string()
    .regex(integer ? /^\d+$/ : /^\d+(\.\d+)?$/, integer ? 'must be a whole number' : 'must be a number')
    .transform(Number)
    .pipe(z.number().positive('must be above 0').max(max, `must be at most ${max}`))
    .default(fallback);
}

// `PORT=` in an .env file means "not set", not "port 0".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number (0-65535)')
      .transform(Number)
      .pipe(z.number().max(65535, 'must be a port number (0-65535)'))
      .default(8080),
  ),
  HOST: optional(z.string().trim().min(1).default('0.0.0.0')),
  WEB_ROOT: optional(z.string().default(DEFAULT_WEB_ROOT)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  NODE_ENV: optional(z.enum(['development', 'production', 'test']).default('development')),
  // Server extraction (docs/decisions/002-one-set-of-numbers.md): where uploads, extracted files
  // and the embedded database live; a real PostgreSQL instead of the embedded one; limits and
  // retention.
  DATA_DIR: optional(z.string().default(DEFAULT_DATA_DIR)),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
  ),
  MAX_UPLOAD_MB: optional(positiveNumber(DEFAULT_MAX_UPLOAD_MB, { integer: true, max: 2048 })),
  // What one server extraction may write: by default 20 times the largest upload. Each job is also
  // held to 100 times its own size past its first 32 MB, whatever this allows.
  MAX_OUTPUT_MB: optional(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().positive('must be above 0').max(1_000_000, 'must be at most 1000000'))
      .optional(),
  ),
  // All uploads and extracted files together (GiB; decimals allowed): uploads beyond get 503.
  STORAGE_MAX_GB: optional(positiveNumber(20, { max: 1_000_000 })),
  // Uploads get 503 while DATA_DIR's disk has less free space than this left after one more job.
  MIN_FREE_DISK_MB: optional(positiveNumber(1024, { integer: true, max: 1_000_000_000 })),
  EXTRACT_CONCURRENCY: optional(positiveNumber(DEFAULT_EXTRACT_CONCURRENCY, { integer: true, max: 16 })),
  EXTRACT_TIMEOUT_S: optional(positiveNumber(120, { integer: true, max: 3600 })),
  // Uploads one address may start per 10 minutes (HTTP 429 beyond).
  UPLOADS_PER_10_MIN: optional(positiveNumber(10, { integer: true, max: 100_000 })),
  // How long a dead process's jobs wait before another takes them (advanced; tests shorten it).
  JOB_LEASE_S: optional(positiveNumber(30, { max: 3600 })),
  // Decimals allowed so tests can expire files within seconds.
  RETENTION_MINUTES: optional(positiveNumber(DEFAULT_RETENTION_MINUTES, { max: 7 * 24 * 60 })),
  // The site's address as visitors and search engines know it (canonical URLs, sitemap, robots.txt).
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://archive-opener.example' })
      .refine(
        // zod runs this even when the URL check above failed; that failure is the one to report.
        (value) => !URL.canParse(value) || (!/[?#]/.test(value) && new URL(value).pathname === '/'),
        'must be an origin only, without path, query or fragment',
      )
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  // The admin page's password (docs/decisions/005-admin-on-the-server.md), or its argon2id hash;
  // with neither the server generates one at first start and prints it once.
  ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters').max(1024).optional()),
  ADMIN_PASSWORD_HASH: optional(
    z
      .string()
      .regex(
        /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
        'must be an argon2id hash ($argon2id$v=19$m=…,t=…,p=…$salt$hash)',
      )
      .optional(),
  ),
  // Behind a reverse proxy, which X-Forwarded-For hops to believe (true, a hop count, or addresses):
  // rate limits, the login lockout and visitor counts are per client address.
  TRUST_PROXY: optional(
    z
      .string()
      .trim()
      .transform((value): boolean | number | string =>
        value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
      )
      .optional(),
  ),
  // Against clients that hold connections by sending slowly or not at all (decimals for tests).
  HEADERS_TIMEOUT_S: optional(positiveNumber(20, { max: 3600 })),
  BODY_TIMEOUT_S: optional(positiveNumber(60, { max: 3600 })),
  REQUEST_TIMEOUT_S: optional(positiveNumber(900, { max: 86_400 })),
  IDLE_TIMEOUT_S: optional(positiveNumber(60, { max: 3600 })),
  KEEP_ALIVE_TIMEOUT_S: optional(positiveNumber(5, { max: 3600 })),
  MAX_CONNECTIONS: optional(positiveNumber(1000, { integer: true, max: 1_000_000 })),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the built website (index.html, assets/, …). */
  webRoot: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  nodeEnv: z.infer<typeof envSchema>['NODE_ENV'];
  /** Scheme and host (the site is served at the root), no trailing slash: `https://archive-opener.example`. */
  publicUrl: string;
  /** Absolute path of uploads, extracted files and (without DATABASE_URL) the embedded database. */
  dataDir: string;
  databaseUrl: string | undefined;
  maxUploadBytes: number;
  /** Disk use: one job's output (MAX_OUTPUT_MB), every job's bytes together, the free space to keep. */
  storage: { maxOutputBytes: number; maxTotalBytes: number; minFreeBytes: number };
  extractConcurrency: number;
  extractTimeoutMs: number;
  retentionMs: number;
  /** Queue tuning, not from the environment (tests shorten them). */
  jobs: {
    leaseMs: number;
    pollMs: number;
    sweepIntervalMs: number;
    maxQueued: number;
    uploadRate: { max: number; timeWindowMs: number };
  };
  trustProxy: boolean | number | string;
  /** Live-progress streams (GET /api/extractions/:id/events) open at once, per client address and per job. */
  eventStreams: { perAddress: number; perJob: number };
  /** Connection limits and timeouts of the HTTP server (plugins/request-timeouts.ts). */
  http: {
    /** A request's headers must have arrived within this. */
    headersTimeoutMs: number;
    /** A request's body must have arrived within this, plus the time its size takes at `bodyMinBytesPerSecond`. */
    bodyTimeoutMs: number;
    bodyMinBytesPerSecond: number;
    /** No request, however fast its body, may take longer to arrive. */
    requestTimeoutMs: number;
    /** A connection with nothing sent either way for this long is closed. */
    idleTimeoutMs: number;
    /** How long a kept-alive connection waits for its next request. */
    keepAliveTimeoutMs: number;
    /** Open connections beyond which new ones are closed at once. */
    maxConnections: number;
  };
  admin: {
    /** From ADMIN_PASSWORD: hashed at start, never kept in a file or the database. */
    password: string | undefined;
    passwordHash: string | undefined;
    sessionIdleMs: number;
    sessionMaxMs: number;
    /** Failed logins from one client within `lockoutMs` after which it is refused for `lockoutMs`. */
    maxFailedLogins: number;
    lockoutMs: number;
  };
  /** Requests one client may make to the small public endpoints (HTTP 429 beyond). */
  rates: {
    contact: { max: number; timeWindowMs: number };
    events: { max: number; timeWindowMs: number };
    monitor: { max: number; timeWindowMs: number };
  };
  /** HSTS and upgrade-insecure-requests are only sent in production (dev runs on plain http://localhost). */
  isProduction: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const { PORT, HOST, WEB_ROOT, LOG_LEVEL, NODE_ENV, PUBLIC_URL, DATA_DIR, DATABASE_URL } = parsed.data;
  const { ADMIN_PASSWORD, ADMIN_PASSWORD_HASH, TRUST_PROXY } = parsed.data;
  const { HEADERS_TIMEOUT_S, BODY_TIMEOUT_S, REQUEST_TIMEOUT_S, IDLE_TIMEOUT_S, KEEP_ALIVE_TIMEOUT_S, MAX_CONNECTIONS } =
    parsed.data;
  if (ADMIN_PASSWORD && ADMIN_PASSWORD_HASH)
    throw new ConfigError('Invalid environment:\n  set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, not both');
  const { MAX_UPLOAD_MB, EXTRACT_CONCURRENCY, EXTRACT_TIMEOUT_S, RETENTION_MINUTES, JOB_LEASE_S, UPLOADS_PER_10_MIN } =
    parsed.data;
  const { MAX_OUTPUT_MB, STORAGE_MAX_GB, MIN_FREE_DISK_MB } = parsed.data;
  return {
    port: PORT,
    host: HOST,
    webRoot: isAbsolute(WEB_ROOT) ? WEB_ROOT : resolve(WEB_ROOT),
    logLevel: LOG_LEVEL,
    nodeEnv: NODE_ENV,
    // Unset, the address is the local server's: right for `npm start`, to be set in production.
    publicUrl: PUBLIC_URL ?? `http://localhost:${PORT}`,
    dataDir: resolve(DATA_DIR),
    databaseUrl: DATABASE_URL,
    maxUploadBytes: MAX_UPLOAD_MB * 1024 * 1024,
    storage: {
      maxOutputBytes: (MAX_OUTPUT_MB ?? 20 * MAX_UPLOAD_MB) * 1024 * 1024,
      maxTotalBytes: Math.round(STORAGE_MAX_GB * 1024 * 1024 * 1024),
      minFreeBytes: MIN_FREE_DISK_MB * 1024 * 1024,
    },
    extractConcurrency: EXTRACT_CONCURRENCY,
    extractTimeoutMs: EXTRACT_TIMEOUT_S * 1000,
    retentionMs: Math.round(RETENTION_MINUTES * 60_000),
    jobs: {
      leaseMs: Math.round(JOB_LEASE_S * 1000),
      pollMs: 2_000,
      sweepIntervalMs: 60_000,
      maxQueued: 50,
      // The original product's advice ("wait a few minutes"), as a limit: 10 uploads per 10 minutes.
      uploadRate: { max: UPLOADS_PER_10_MIN, timeWindowMs: 10 * 60_000 },
    },
    trustProxy: TRUST_PROXY ?? false,
    // A visitor follows each of their jobs in one tab or a few; an office behind one address has
    // room for many visitors' jobs at once. Refused streams fall back to polling in the page.
    eventStreams: { perAddress: 20, perJob: 5 },
    http: {
      headersTimeoutMs: Math.round(HEADERS_TIMEOUT_S * 1000),
      bodyTimeoutMs: Math.round(BODY_TIMEOUT_S * 1000),
      // 64 KiB/s (about 0.5 Mbit/s): a 50 MB upload may take up to about 14 minutes.
      bodyMinBytesPerSecond: 64 * 1024,
      requestTimeoutMs: Math.round(REQUEST_TIMEOUT_S * 1000),
      idleTimeoutMs: Math.round(IDLE_TIMEOUT_S * 1000),
      keepAliveTimeoutMs: Math.round(KEEP_ALIVE_TIMEOUT_S * 1000),
      maxConnections: MAX_CONNECTIONS,
    },
    admin: {
      password: ADMIN_PASSWORD,
      passwordHash: ADMIN_PASSWORD_HASH,
      sessionIdleMs: 30 * 60_000,
      sessionMaxMs: 8 * 60 * 60_000,
      maxFailedLogins: 5,
      lockoutMs: 15 * 60_000,
    },
    rates: {
      contact: { max: CONTACT_MESSAGES_PER_HOUR, timeWindowMs: 60 * 60_000 },
      // Generous: a visitor extracting a batch sends one event per archive.
      events: { max: 300, timeWindowMs: 10 * 60_000 },
      // A tab reports each of two files at most once an hour, so these come from new tabs: an office
      // behind one address opening a thousand within ten minutes still gets no refusal, while a flood
      // from one address stays bounded (each report is a stored row).
      monitor: { max: 2_000, timeWindowMs: 10 * 60_000 },
    },
    isProduction: NODE_ENV === 'production',
  };
}
