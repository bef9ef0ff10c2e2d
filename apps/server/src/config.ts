// The server's whole configuration comes from environment variables, validated once at start so a
// typo (PORT=abc) stops the process with a readable message instead of failing on first use.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The web app's build output, relative to this file once compiled (apps/server/dist → apps/web/dist).
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

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
  const { PORT, HOST, WEB_ROOT, LOG_LEVEL, NODE_ENV, PUBLIC_URL } = parsed.data;
  return {
    port: PORT,
    host: HOST,
    webRoot: isAbsolute(WEB_ROOT) ? WEB_ROOT : resolve(WEB_ROOT),
    logLevel: LOG_LEVEL,
    nodeEnv: NODE_ENV,
    // Unset, the address is the local server's: right for `npm start`, to be set in production.
    publicUrl: PUBLIC_URL ?? `http://localhost:${PORT}`,
    isProduction: NODE_ENV === 'production',
  };
}
