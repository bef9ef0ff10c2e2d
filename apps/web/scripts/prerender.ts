// Writes every page in every language as static HTML (dist/pages/<code>/<page>.html): the
// translated content, head tags and strings, so a crawler without JavaScript sees the real page
// and the browser hydrates it without fetching anything first. The admin page is written too, in
// its neutral "checking your session" state. Run after both Vite builds.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ADMIN_PATH,
  BUILD_INFO_FILE,
  LANGUAGES,
  type LanguageCode,
  localizedPath,
  PRERENDERED_PAGES_DIR,
  type PrerenderedPageId,
  prerenderedPageFile,
  PUBLIC_URL_TOKEN,
  SITE_PAGES,
} from '@archive-opener/shared';
import type { PageToRender, RenderedPage } from '../src/entry-server';
import { headTagsToHtml } from '../src/app/head/page-head';
import { webManifestPath } from '../src/features/offline-app/web-app-manifest';
import { structuredDataHtml } from '../src/app/head/structured-data';
import type { Namespace } from '../src/i18n/resources';

import { embeddedStringsScript } from '../src/i18n/embedded-strings';

const webRoot = fileURLToPath(new URL('../dist/', import.meta.url));
const ssrEntry = fileURLToPath(new URL('../dist-ssr/entry-server.js', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunks a lazily loaded page needs, so the browser fetches them with the HTML, not after. */
function chunksOf(manifest: Manifest, source: string, seen = new Set<string>()): string[] {
  const chunk = manifest[source];
  if (!chunk || seen.has(source)) return [];
  seen.add(source);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

const PAGE_SOURCES: Record<string, string[]> = {
  home: ['src/routes/HomePage.tsx', 'src/features/home/HomeSections.tsx'],
  about: ['src/routes/AboutPage.tsx'],
  privacy: ['src/routes/PrivacyPage.tsx'],
  admin: ['src/routes/AdminPage.tsx'],
};

/** The strings each page embeds (the about page holds the contact form). */
const PAGE_NAMESPACES: Record<PrerenderedPageId, Namespace[]> = {
  home: ['translation'],
  about: ['translation', 'about', 'contact'],
  privacy: ['translation', 'privacy'],
  '404': ['translation'],
  admin: ['translation', 'admin'],
};

/**
 * The stylesheet and theme script block the first paint; Vite lists them after some twenty module
 * preloads, which then compete with them for a slow connection's bandwidth. They go first.
 */
function renderBlockingFirst(html: string): string {
  const stylesheet = /\s*<link rel="stylesheet"[^>]*>/.exec(html)?.[0];
  if (!stylesheet) return html;
  return html.replace(stylesheet, '').replace(/(\s*<script src="\/theme-init\.js"><\/script>)/, `${stylesheet}$1`);
}

function fillTemplate(template: string, page: RenderedPage & { code: LanguageCode }, preload: string[]): string {
  const { head } = page;
  const filled = renderBlockingFirst(template)
    .replace(/<html[^>]*>/, `<html lang="${head.htmlLang}" dir="${head.htmlDir}" class="dark">`)
    .replace('href="/manifests/en.webmanifest"', `href="${webManifestPath(page.code)}"`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace(
      '</head>',
      `  ${[headTagsToHtml(head), structuredDataHtml(page.structuredData)].filter(Boolean).join('\n    ')}\n${preload.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}" />\n`).join('')}  </head>`,
    )
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>\n    ${embeddedStringsScript(page.resources)}`);
  if (!filled.includes(page.html)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return filled;
}

async function main() {
  const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as {
    renderPage: (page: PageToRender) => Promise<RenderedPage>;
  };
  const template = await readFile(join(webRoot, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(webRoot, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryChunks = new Set(chunksOf(manifest, 'index.html'));

  await rm(join(webRoot, PRERENDERED_PAGES_DIR), { recursive: true, force: true });
  let count = 0;
  for (const language of LANGUAGES) {
    const pages: (PageToRender & { id: PrerenderedPageId })[] = [
      ...SITE_PAGES.map((page) => ({
        id: page.id,
        code: language.code,
        url: localizedPath(page.path, language.code),
        path: page.path,
        meta: page.id,
        namespaces: PAGE_NAMESPACES[page.id],
        origin: PUBLIC_URL_TOKEN,
      })),
      {
        id: '404',
        code: language.code,
        url: localizedPath('/404', language.code),
        path: null,
        meta: 'notFound',
        namespaces: PAGE_NAMESPACES['404'],
        origin: PUBLIC_URL_TOKEN,
      },
      {
        id: 'admin',
        code: language.code,
        url: localizedPath(ADMIN_PATH, language.code),
        path: null,
        meta: 'admin',
        namespaces: PAGE_NAMESPACES.admin,
        origin: PUBLIC_URL_TOKEN,
      },
    ];
    for (const page of pages) {
      const rendered = await renderPage(page);
      const seen = new Set<string>();
      const preload = [...new Set((PAGE_SOURCES[page.id] ?? []).flatMap((source) => chunksOf(manifest, source, seen)))].filter(
        (file) => !entryChunks.has(file),
      );
      const file = join(webRoot, prerenderedPageFile(language.code, page.id));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, fillTemplate(template, { ...rendered, code: language.code }, preload));
      count += 1;
    }
  }
  await writeFile(join(webRoot, BUILD_INFO_FILE), `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  console.log(`prerendered ${count} pages into ${join(webRoot, PRERENDERED_PAGES_DIR)}`);
}

await main();
