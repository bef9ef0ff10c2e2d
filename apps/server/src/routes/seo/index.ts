// robots.txt and sitemap.xml as real responses with real content types, built once at start from
// the page list, PUBLIC_URL and the web build's date.
import type { FastifyPluginAsync } from 'fastify';
import { readBuildDate } from './build-date.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

const seo: FastifyPluginAsync<{ publicUrl: string; webRoot: string }> = async (app, { publicUrl, webRoot }) => {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl, await readBuildDate(webRoot));
  // Crawlers fetch these often; an hour of caching is plenty for files that change with releases.
  const cacheControl = 'public, max-age=3600';
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robots),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cacheControl).send(sitemap),
  );
};

export default seo;
