// The website: static files, the client routes (200 with their page), and the 404 page for
// everything else. Static files, page routes and the 404 handler live in one plugin so that
// @fastify/static's "file not found" reaches this 404 handler.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { staticSite } from '../../plugins/static-site.js';
import { encodedEtag, encodedPage, pageEncoding } from './encoded-pages.js';
import { loadPrerenderedPages, prerenderedPage, type PrerenderedPage } from './prerendered-pages.js';
import { CLIENT_ROUTES, languageOfPath, looksLikeFile, redirectsOf } from './site-routes.js';

export interface SiteOptions {
  webRoot: string;
  publicUrl: string;
}

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PrerenderedPage,
  status: number,
): Promise<FastifyReply> {
  const encoding = pageEncoding(request.headers['accept-encoding']);
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  // A 404 is never answered with 304: the status itself is the message.
  if (status === 200) {
    const etag = encodedEtag(page, encoding);
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  }
  if (!encoding) return reply.code(status).send(page.html);
  return reply
    .code(status)
    .header('content-encoding', encoding)
    .send(await encodedPage(page, encoding));
}

const site: FastifyPluginAsync<SiteOptions> = async (app, { webRoot, publicUrl }) => {
  await staticSite(app, webRoot);
  const pages = await loadPrerenderedPages(webRoot, publicUrl);

  for (const route of CLIENT_ROUTES) {
    const page = prerenderedPage(pages, route.code, route.pageId);
    // GET routes answer HEAD too (Fastify's exposeHeadRoutes). Without a prerendered page the
    // app shell renders the route in the browser.
    app.get(route.path, async (request, reply) => {
      // The admin page stays out of the index even when a link to it is found.
      if (route.pageId === 'admin') reply.header('x-robots-tag', 'noindex, nofollow');
      return page ? sendPage(request, reply, page, 200) : reply.sendFile('index.html', { acceptRanges: false });
    });
    for (const url of redirectsOf(route)) {
      app.get(url, async (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(route.path + (query < 0 ? '' : request.url.slice(query)), 301);
      });
    }
  }

  app.setNotFoundHandler(async (request, reply): Promise<FastifyReply> => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(pathname)) {
      const page = prerenderedPage(pages, languageOfPath(pathname), '404');
      if (page) return sendPage(request, reply, page, 404);
      // No validators or ranges: a 304 or 206 must not stand in for this 404.
      return reply.code(404).sendFile('index.html', { acceptRanges: false, etag: false, lastModified: false });
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
};

export default site;
