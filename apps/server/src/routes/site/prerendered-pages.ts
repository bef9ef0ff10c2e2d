// The prerendered pages (apps/web/scripts/prerender.ts), read once at start with the public address
// filled in, and served from memory: 70 small files, each with a strong ETag.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  LANGUAGES,
  prerenderedPageFile,
  PUBLIC_URL_TOKEN,
  SITE_PAGES,
  type LanguageCode,
  type PrerenderedPageId,
} from '@archive-opener/shared';

export interface PrerenderedPage {
  html: string;
  etag: string;
}

export type PrerenderedPages = ReadonlyMap<string, PrerenderedPage>;

const key = (code: LanguageCode, pageId: PrerenderedPageId) => `${code}/${pageId}`;

/**
 * Every page the build is expected to have; a missing one is left out (the route then serves the
 * app shell, which renders in the browser), so a build without the prerender step still works.
 */
export async function loadPrerenderedPages(webRoot: string, publicUrl: string): Promise<PrerenderedPages> {
  const pages = new Map<string, PrerenderedPage>();
  const ids: PrerenderedPageId[] = [...SITE_PAGES.map((page) => page.id), '404', 'admin'];
  for (const { code } of LANGUAGES) {
    for (const pageId of ids) {
      let template: string;
      try {
        template = await readFile(join(webRoot, prerenderedPageFile(code, pageId)), 'utf8');
      } catch {
        continue;
      }
      const html = template.replaceAll(PUBLIC_URL_TOKEN, publicUrl);
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      pages.set(key(code, pageId), { html, etag });
    }
  }
  return pages;
}

export function prerenderedPage(
  pages: PrerenderedPages,
  code: LanguageCode,
  pageId: PrerenderedPageId,
): PrerenderedPage | undefined {
  return pages.get(key(code, pageId));
}
