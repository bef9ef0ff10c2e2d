import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sevenZipPackage, { type SevenZipModuleFactory } from '7z-wasm';

// The package's default import is the factory under Node, its types say otherwise (as in
// packages/engine/src/sevenzip/sevenzip-package.ts).
const loadedSevenZip: unknown = sevenZipPackage;
const SevenZip = (
  typeof loadedSevenZip === 'function' ? loadedSevenZip : (loadedSevenZip as { default: unknown }).default
) as SevenZipModuleFactory;

/**
 * A 7z of `files` (a zip where `name` ends in .zip), written as `name` in `folder`, made by
 * 7-Zip's WASM build with `switches`: by default one solid block a file (-ms=1f), folders listed.
 */
export async function sevenZipArchive(
  folder: string,
  name: string,
  files: Record<string, Uint8Array>,
  switches = ['-ms=1f'],
): Promise<string> {
  const errors: string[] = [];
  const sz = await SevenZip({ print: () => undefined, printErr: (line: string) => errors.push(line) });
  const made = new Set<string>();
  for (const [path, bytes] of Object.entries(files)) {
    const parts = ['src', ...path.split('/')];
    for (let depth = 1; depth < parts.length; depth += 1) {
      const dir = `/${parts.slice(0, depth).join('/')}`;
      if (!made.has(dir)) sz.FS.mkdir(dir);
      made.add(dir);
    }
    sz.FS.writeFile(`/src/${path}`, bytes);
  }
  sz.FS.chdir('/src');
  sz.callMain([
    'a',
    name.toLowerCase().endsWith('.zip') ? '-tzip' : '-t7z',
    '-mx=1',
    ...switches,
    '-bd',
    '/archive.7z',
    ...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? '')),
  ]);
  if (errors.length > 0) throw new Error(errors.join('\n'));
  const path = join(folder, name);
  await writeFile(path, sz.FS.readFile('/archive.7z'));
  return path;
}
