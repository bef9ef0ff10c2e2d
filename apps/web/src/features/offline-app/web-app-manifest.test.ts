import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARCHIVE_EXTENSIONS, LANGUAGES } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { NOT_REGISTERED } from './archive-file-types';
import { SHARE_TARGET_SUFFIX, SHARED_FILES_FIELD, sharedFilesPage } from './share-target-contract';
import { webAppManifest, webManifestPath, type WebAppManifest } from './web-app-manifest';

const commonFiles = import.meta.glob<{ header: { title: string }; meta: { home: { description: string } } }>(
  '../../i18n/locales/*/common.json',
  { eager: true, import: 'default' },
);

function manifestOf(code: string): WebAppManifest {
  const language = LANGUAGES.find((candidate) => candidate.code === code);
  const common = commonFiles[`../../i18n/locales/${code}/common.json`];
  if (!language || !common) throw new Error(`no language ${code}`);
  return webAppManifest(language, { name: common.header.title, description: common.meta.home.description });
}

// A path, not `new URL(…, import.meta.url)`: Vite would take that for an asset to bundle.
const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../../../public');

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(publicPath: string): [number, number] {
  const bytes = readFileSync(join(publicDir, publicPath));
  expect(bytes.subarray(1, 4).toString('latin1'), publicPath).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the web app manifests (one per language)', () => {
  it.each(LANGUAGES.map((language) => language.code))('%s: the fields installing needs, in its own language', (code) => {
    const manifest = manifestOf(code);
    const language = LANGUAGES.find((candidate) => candidate.code === code)!;
    expect(manifest.id).toBe('/');
    expect(manifest.name).toBe('Archive Opener');
    expect(manifest.short_name.length).toBeLessThanOrEqual(15);
    expect(manifest.description.length).toBeGreaterThan(40);
    expect(manifest.lang).toBe(language.tag);
    expect(manifest.dir).toBe(language.dir);
    expect(manifest.start_url).toBe(code === 'en' ? '/' : `/${code}`);
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(webManifestPath(code)).toBe(`/manifests/${code}.webmanifest`);
    if (code !== 'en') expect(manifest.description).not.toBe(manifestOf('en').description);
  });

  it('lists 192 and 512 pixel icons, plain and maskable, and each file is a PNG of its stated size', () => {
    const { icons } = manifestOf('en');
    for (const purpose of ['any', 'maskable'])
      expect(icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const [width, height] = pngSize(icon.src);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe('image/png');
    }
  });

  it('opens every archive extension the engine knows ("Open with"), each under a media type, never .exe', () => {
    const [handler] = manifestOf('de').file_handlers;
    expect(handler?.action).toBe('/de?open-with');
    expect(manifestOf('en').file_handlers[0]?.action).toBe('/?open-with');
    const extensions = Object.values(handler?.accept ?? {}).flat();
    for (const type of Object.keys(handler?.accept ?? {})) expect(type).toMatch(/^application\/[a-z0-9.+-]+$/);
    for (const extension of extensions) expect(extension).toMatch(/^\.[a-z0-9]+$/);
    expect(new Set(extensions).size).toBe(extensions.length);
    const wanted = [...ARCHIVE_EXTENSIONS]
      .filter((extension) => !NOT_REGISTERED.has(extension))
      .map((extension) => `.${extension}`);
    expect([...extensions].sort()).toEqual(wanted.sort());
    for (const named of [
      '.zip',
      '.rar',
      '.7z',
      '.tar',
      '.gz',
      '.tgz',
      '.bz2',
      '.xz',
      '.zst',
      '.cab',
      '.iso',
      '.lzh',
      '.arj',
      '.cpio',
      '.deb',
      '.rpm',
      '.wim',
      '.xar',
    ])
      expect(extensions).toContain(named);
    expect(extensions).not.toContain('.exe');
  });

  it('takes shared archives as a multipart POST inside the scope, landing on the language’s home page', () => {
    for (const code of ['en', 'ar']) {
      const { share_target: target, scope } = manifestOf(code);
      expect(target.method).toBe('POST');
      expect(target.enctype).toBe('multipart/form-data');
      expect(target.action.startsWith(scope)).toBe(true);
      expect(target.action.endsWith(SHARE_TARGET_SUFFIX)).toBe(true);
      expect(target.params.files[0]?.name).toBe(SHARED_FILES_FIELD);
      expect(target.params.files[0]?.accept).toContain('.rar');
    }
    expect(sharedFilesPage('/share-target', 'abc')).toBe('/?shared=abc');
    expect(sharedFilesPage('/ar/share-target', 'abc')).toBe('/ar?shared=abc');
  });
});
