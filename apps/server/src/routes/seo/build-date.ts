import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILD_INFO_FILE } from '@archive-opener/shared';

/**
 * When the website was built, as the prerender noted it: every page's content changes only with a
 * build, so it is each page's `lastmod`. Null when the build has no note (a build without the
 * prerender) or an unreadable one: the sitemap then leaves `lastmod` out rather than guess.
 */
export async function readBuildDate(webRoot: string): Promise<Date | null> {
  try {
    const info = JSON.parse(await readFile(join(webRoot, BUILD_INFO_FILE), 'utf8')) as { builtAt?: unknown };
    const date = typeof info.builtAt === 'string' ? new Date(info.builtAt) : null;
    return date && Number.isFinite(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}
