// Builds the app against a throwaway website folder, the way server.ts does against the real
// build. Tests talk to it with app.inject(); no port is opened.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';

/** A JS file large enough (~30 KB) that compression is worth checking. */
export const LARGE_JS = Array.from({ length: 600 }, (_, i) => `export const value${i} = 'archive opener ${i}';`).join('\n');

/** The first bytes of any WebAssembly module, padded past the compression threshold. */
export const WASM_BYTES = Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), Buffer.alloc(4096)]);

export const SHELL_MARKER = 'app shell';
export const PRERENDERED_MARKER = 'prerendered es/about';
export const GERMAN_404_MARKER = 'prerendered de/404';
export const ENGLISH_404_MARKER = 'prerendered en/404';
export const SECRET_MARKER = 'outside the web root';

/** A built site in miniature: what Vite (and later the prerender step) writes to apps/web/dist. */
export const SITE_FILES: Record<string, string | Buffer> = {
  'index.html': `<!doctype html><html><head><title>${SHELL_MARKER}</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`,
  'assets/app-abc123.js': LARGE_JS,
  'assets/app-abc123.css': 'body{margin:0}',
  '7zz.wasm': WASM_BYTES,
  'manifest.webmanifest': '{"name":"Archive Opener"}',
  'manifests/de.webmanifest': '{"name":"Archive Opener","lang":"de"}',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  // What apps/web/scripts/prerender.ts writes: the public address is left as a token.
  'pages/es/about.html': `<!doctype html><html lang="es"><head><title>${PRERENDERED_MARKER}</title><link rel="canonical" href="%%PUBLIC_URL%%/es/about" /></head><body></body></html>`,
  'pages/de/404.html': `<!doctype html><html lang="de"><head><title>${GERMAN_404_MARKER}</title></head><body></body></html>`,
  'pages/en/404.html': `<!doctype html><html lang="en"><head><title>${ENGLISH_404_MARKER}</title></head><body></body></html>`,
  '.env': `SECRET=${SECRET_MARKER}`,
};

export interface BuildOptions {
  /** Extra environment variables (LOG_LEVEL is silent unless set). */
  env?: Record<string, string>;
  /** Files of the web root; defaults to SITE_FILES. */
  files?: Record<string, string | Buffer>;
  /** Changes to the loaded configuration (queue timings that do not come from the environment). */
  configure?: (config: Config) => Config;
  /** Receives each log line (JSON), e.g. to read what the server prints once. */
  logTo?: (line: string) => void;
}

export async function writeFiles(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, name)), { recursive: true });
    await writeFile(join(root, name), content);
  }
}

/** Folders of the apps this file built, removed once its tests are done. */
const folders: string[] = [];
// Not in an onClose hook: those run in reverse order, so one added after buildApp would delete
// the data while the job runner and the database (closed by earlier hooks) still use it.
afterAll(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

/**
 * Creates <tmp>/web (the web root) beside <tmp>/secret.txt and <tmp>/package.json, which no URL
 * may ever reach. Call app.close() in afterAll; the folder is removed after the file's tests.
 */
export async function build({
  env = {},
  files = SITE_FILES,
  configure = (config) => config,
  logTo,
}: BuildOptions = {}): Promise<FastifyInstance> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-server-'));
  folders.push(dir);
  const webRoot = join(dir, 'web');
  await writeFiles(dir, { 'secret.txt': SECRET_MARKER, 'package.json': `{"name":"${SECRET_MARKER}"}` });
  await mkdir(webRoot);
  await writeFiles(webRoot, files);
  try {
    const config = configure(loadConfig({ LOG_LEVEL: 'silent', WEB_ROOT: webRoot, DATA_DIR: join(dir, 'data'), ...env }));
    if (!config.databaseUrl) await seedDataDir(config.dataDir);
    return await buildApp(config, logTo ? { logStream: { write: logTo } } : {});
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
