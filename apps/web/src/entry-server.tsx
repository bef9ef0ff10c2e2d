// The prerender's entry (built by `vite build --ssr`, run by scripts/prerender.ts): renders one page
// of one language to HTML with the same components the browser hydrates.
import { languageByCode, type LanguageCode } from '@archive-opener/shared';
import { createInstance, type Resource } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from './app/App';
import { pageHead, type HeadTags } from './app/head/page-head';
import { structuredData } from './app/head/structured-data';
import type { PageMetaKey } from './app/head/use-page-head';
import { adminPageHead } from './features/admin/admin-head';
import { baseOptions } from './i18n';
import { assembleNamespace } from './i18n/locale-files';
import type { Namespace } from './i18n/resources';

const files = import.meta.glob<Record<string, unknown>>('./i18n/locales/*/*.json', { eager: true, import: 'default' });

export interface PageToRender {
  code: LanguageCode;
  /** The router path, prefix included (`/de/about`). */
  url: string;
  /** The page's path without prefix for canonical and alternates, or null for the 404 page. */
  path: string | null;
  /** Whose title and description: a site page's (`meta.<key>`), or the admin page's own. */
  meta: PageMetaKey | 'admin';
  namespaces: Namespace[];
  origin: string;
}

export interface RenderedPage {
  html: string;
  head: HeadTags;
  /** The strings the page uses, embedded in it so hydration needs no fetch. */
  resources: Resource;
  /** schema.org objects for the page's JSON-LD (none for the 404 and admin pages). */
  structuredData: object[];
}

export async function renderPage(page: PageToRender): Promise<RenderedPage> {
  const { tag } = languageByCode(page.code);
  const bundles: Record<string, unknown> = {};
  for (const namespace of page.namespaces) {
    bundles[namespace] = await assembleNamespace(namespace, async (name) => {
      const file = files[`./i18n/locales/${page.code}/${name}.json`];
      if (!file) throw new Error(`No locale file ${page.code}/${name}.json`);
      return file;
    });
  }
  const resources = { [tag]: bundles } as Resource;
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...baseOptions, lng: tag, ns: page.namespaces, resources });

  const tree = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App ssrPath={page.url} />
      </I18nextProvider>
    </StrictMode>
  );
  // React writes a large Suspense boundary (the page below the header) out of order, with an inline
  // script to move it into place, so that a streamed shell paints sooner. A prerendered file gains
  // nothing from that, and the CSP (rightly) blocks inline scripts: everything stays in order.
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const html = await new Response(prelude).text();
  if (/<script|<template/.test(html)) throw new Error(`${page.url}: the prerendered HTML has inline scripts`);
  const head =
    page.meta === 'admin'
      ? adminPageHead(i18n, page.code)
      : pageHead({
          code: page.code,
          path: page.path,
          title: i18n.t(`meta.${page.meta}.title`),
          description: i18n.t(`meta.${page.meta}.description`),
          siteName: i18n.t('header.title'),
          origin: page.origin,
        });
  const { meta, path } = page;
  const data =
    path !== null && (meta === 'home' || meta === 'about' || meta === 'privacy')
      ? structuredData({ code: page.code, languageTag: tag, path, pageId: meta, origin: page.origin, t: i18n.t })
      : [];
  return { html, head, resources, structuredData: data };
}
