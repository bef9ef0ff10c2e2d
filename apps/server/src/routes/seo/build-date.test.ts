import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readBuildDate } from './build-date.js';
import { sitemapXml } from './sitemap.js';

let root: string | undefined;
async function webRootWith(buildInfo: string | null): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'ao-build-date-'));
  await mkdir(join(root, 'pages'));
  if (buildInfo !== null) await writeFile(join(root, 'pages/build-info.json'), buildInfo);
  return root;
}
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the build date behind the sitemap’s lastmod', () => {
  it('is read from what the prerender noted', async () => {
    const date = await readBuildDate(await webRootWith('{"builtAt":"2026-01-02T03:04:05.678Z"}'));
    expect(date?.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(sitemapXml('https://x.example', date)).toContain('<lastmod>2026-01-02T03:04:05Z</lastmod>');
  });

  it('is unknown, and lastmod left out, without a note or with a broken one', async () => {
    for (const note of [null, 'not json', '{"builtAt":"yesterday"}', '{}']) {
      const date = await readBuildDate(await webRootWith(note));
      expect(date, String(note)).toBeNull();
      expect(sitemapXml('https://x.example', date)).not.toContain('lastmod');
      await rm(root ?? '', { recursive: true, force: true });
    }
  });
});
