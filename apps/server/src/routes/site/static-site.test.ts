import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from './site-routes.js';
import {
  build,
  ENGLISH_404_MARKER,
  GERMAN_404_MARKER,
  PRERENDERED_MARKER,
  SECRET_MARKER,
  SHELL_MARKER,
  SITE_FILES,
} from '../../testing/helper.js';

describe('static site', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  describe('client routes', () => {
    it.each(['/', '/about', '/privacy', '/admin-summer', '/es', '/ar', '/es/privacy', '/jp/admin-summer'])(
      '%s answers 200 with the app shell when the build has no prerendered page for it',
      async (url) => {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain(SHELL_MARKER);
      },
    );

    it('covers home, about, privacy and admin in English and the 13 prefixed languages', () => {
      expect(CLIENT_ROUTES).toHaveLength(14 * 4);
      expect(CLIENT_ROUTES.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '/vn/privacy', '/pt/about']));
    });

    it.each([
      ['/about/', '/about'],
      ['/de/', '/de'],
      ['/es/about/', '/es/about'],
      ['/jp/admin-summer/', '/jp/admin-summer'],
      ['/index.html', '/'],
      ['/about/?lng=de', '/about?lng=de'],
    ])('%s redirects permanently to its one canonical address, %s', async (url, canonical) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, method).toBe(301);
        expect(res.headers.location, method).toBe(canonical);
      }
    });

    it.each(['/es/about'])('%s serves its prerendered page with the public address filled in', async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(PRERENDERED_MARKER);
      expect(res.body).toContain('<link rel="canonical" href="http://localhost:8080/es/about" />');
      expect(res.body).not.toContain('%%PUBLIC_URL%%');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('answers a revalidation of a prerendered page with 304', async () => {
      const first = await app.inject('/es/about');
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      const again = await app.inject({ url: '/es/about', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('never serves the raw prerendered files, token and all', async () => {
      for (const url of ['/pages/es/about.html', '/pages/de/404.html', '/.vite/manifest.json']) {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('%%PUBLIC_URL%%');
      }
    });

    it('answers HEAD without a body', async () => {
      const res = await app.inject({ method: 'HEAD', url: '/fr/about' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe('');
    });

    it('ignores the query string', async () => {
      const res = await app.inject('/about?lng=es');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(SHELL_MARKER);
    });
  });

  describe('unknown pages', () => {
    it.each(['/nope', '/about/team', '/xx/about', '/ES/about', '/assets'])(
      '%s answers 404 with the English 404 page',
      async (url) => {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain(ENGLISH_404_MARKER);
      },
    );

    it.each(['/de/nope', '/de/about/team'])('%s answers 404 with the German 404 page', async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(GERMAN_404_MARKER);
      expect(res.headers.etag).toBeUndefined();
    });

    it('never answers a revalidation or a range request of a 404 page with 304 or 206', async () => {
      const first = await app.inject('/');
      const res = await app.inject({
        url: '/nope',
        headers: { 'if-none-match': String(first.headers.etag), range: 'bytes=0-10' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(ENGLISH_404_MARKER);
    });

    it('falls back to the app shell for a 404 when the build has no prerendered 404 page', async () => {
      const { 'pages/en/404.html': _english, 'pages/de/404.html': _german, ...files } = SITE_FILES;
      const bare = await build({ files });
      try {
        const res = await bare.inject('/nope');
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain(SHELL_MARKER);
      } finally {
        await bare.close();
      }
    });

    it.each(['/assets/missing.js', '/missing.js', '/assets/missing', '/es/missing.css', '/favicon.ico'])(
      '%s (a file) answers a plain 404, never HTML',
      async (url) => {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).not.toContain('<');
      },
    );

    it('answers other methods with a plain 404', async () => {
      const res = await app.inject({ method: 'POST', url: '/about' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(SHELL_MARKER);
    });
  });

  describe('files', () => {
    it('caches content-hashed assets forever', async () => {
      const res = await app.inject('/assets/app-abc123.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(SITE_FILES['assets/app-abc123.js']);
    });

    it('makes browsers revalidate files whose name does not change (wasm, favicon)', async () => {
      for (const url of ['/7zz.wasm', '/favicon.svg', '/manifest.webmanifest']) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.etag, url).toBeDefined();
      }
    });

    it('serves the service worker so that a new version is found at once: revalidated, a script, allowed by the CSP', async () => {
      const res = await app.inject('/sw.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      // Never a long cache: browsers check sw.js for updates, and a cached copy would hide a release.
      expect(res.headers['cache-control']).toBe('no-cache');
      // Its scope is the folder it is in (the site's root): no Service-Worker-Allowed needed.
      expect(res.headers['service-worker-allowed']).toBeUndefined();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/worker-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    });

    it('answers a revalidation with 304', async () => {
      const first = await app.inject('/7zz.wasm');
      const res = await app.inject({ url: '/7zz.wasm', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(res.statusCode).toBe(304);
    });

    it.each([
      ['/7zz.wasm', 'application/wasm'],
      ['/manifest.webmanifest', 'application/manifest+json'],
      ['/manifests/de.webmanifest', 'application/manifest+json'],
      ['/assets/app-abc123.css', 'text/css; charset=utf-8'],
      ['/favicon.svg', 'image/svg+xml'],
    ])('%s is served as %s', async (url, type) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
    });

    it('serves the wasm bytes unchanged', async () => {
      const res = await app.inject('/7zz.wasm');
      expect(res.rawPayload.equals(SITE_FILES['7zz.wasm'] as Buffer)).toBe(true);
    });

    it('hides dotfiles', async () => {
      const res = await app.inject('/.env');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(SECRET_MARKER);
    });

    it('never lists a directory', async () => {
      const res = await app.inject('/assets/');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('app-abc123');
    });
  });

  describe('path traversal', () => {
    it.each([
      '/../package.json',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/package.json',
      '/..%2fsecret.txt',
      '/..%2Fpackage.json',
      '/..%5csecret.txt',
      '/..%5Cpackage.json',
      '/%5c..%5csecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/assets/../../secret.txt',
      '/es/../../secret.txt',
      '//secret.txt',
      '/%2fsecret.txt',
      '/.%2e/secret.txt',
      '/%252e%252e/secret.txt',
      '/..%c0%afsecret.txt',
      '/es/about/..%2f..%2f..%2fsecret.txt',
    ])('%s never escapes the web root', async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain(SECRET_MARKER);
    });
  });
});

describe('a web root without index.html', () => {
  it('fails at start and says to build the site', async () => {
    await expect(build({ files: { 'assets/app.js': '' } })).rejects.toThrow(/No index.html in WEB_ROOT .*npm run build/);
  });
});
