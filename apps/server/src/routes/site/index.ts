// The website: static files, the client routes (200 with their page), and the 404 answer for
// everything else. Static files, page routes and the 404 handler live in one plugin so that
// @fastify/static's "file not found" reaches this 404 handler.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { staticSite } from '../../plugins/static-site.js';
import { CLIENT_ROUTES, type ClientRoute, looksLikeFile, urlsOf } from './site-routes.js';

export interface SiteOptions {
  webRoot: string;
}

const site: FastifyPluginAsync<SiteOptions> = async (app, { webRoot }) => {
  await staticSite(app, webRoot);

  // A route's own prerendered HTML when the web build made one, else the app shell.
  // The candidate path comes from the fixed route list, never from the request.
  async function pageFileOf(route: ClientRoute): Promise<string> {
    try {
      await access(join(webRoot, route.prerenderedFile));
      return route.prerenderedFile;
    } catch {
      return 'index.html';
    }
  }

  for (const route of CLIENT_ROUTES) {
    for (const url of urlsOf(route)) {
      // GET routes answer HEAD too (Fastify's exposeHeadRoutes).
      app.get(url, async (_request, reply) => reply.sendFile(await pageFileOf(route), { acceptRanges: false }));
    }
  }

  app.setNotFoundHandler(async (request, reply): Promise<FastifyReply> => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(pathname)) {
      // The shell renders the app's 404 page; the status tells crawlers the page does not exist.
      // No validators or ranges: a 304 or 206 must not stand in for this 404.
      return reply.code(404).sendFile('index.html', { acceptRanges: false, etag: false, lastModified: false });
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
};

export default site;
