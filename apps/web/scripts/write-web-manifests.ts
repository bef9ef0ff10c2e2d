// Writes one web app manifest per language (dist/manifests/<code>.webmanifest) from the language's
// own strings: the site's name and the home page's description. Run by the build, after the
// prerender (which links each page to its language's manifest).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { LANGUAGES } from '@archive-opener/shared';
import { webAppManifest, webManifestPath } from '../src/features/offline-app/web-app-manifest';

const distDir = new URL('../dist/', import.meta.url);
const localesDir = new URL('../src/i18n/locales/', import.meta.url);

interface CommonStrings {
  header: { title: string };
  meta: { home: { description: string } };
}

await mkdir(new URL('manifests/', distDir), { recursive: true });
for (const language of LANGUAGES) {
  const common = JSON.parse(await readFile(new URL(`${language.code}/common.json`, localesDir), 'utf8')) as CommonStrings;
  const manifest = webAppManifest(language, { name: common.header.title, description: common.meta.home.description });
  await writeFile(new URL(webManifestPath(language.code).slice(1), distDir), `${JSON.stringify(manifest, null, 2)}\n`);
}
console.log(`wrote ${LANGUAGES.length} web app manifests into ${new URL('manifests/', distDir).pathname}`);
