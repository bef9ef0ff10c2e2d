import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { speedUpPathLookup } from './path-lookup.js';
import { SevenZip } from './sevenzip-package.js';
import type { SevenZipModule } from './sevenzip-module.js';

type Lookup = (path: string, opts?: Record<string, boolean>) => { path: string; node?: unknown };

const outside = mkdtempSync(join(tmpdir(), 'path-lookup-'));
writeFileSync(join(outside, 'x.txt'), 'x');
afterAll(() => rmSync(outside, { recursive: true, force: true }));

/** A real 7-Zip instance with folders, files, links of every kind and a mount point. */
async function instance(): Promise<SevenZipModule> {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  const { FS } = sz;
  for (const dir of ['/t', '/t/a', '/t/a/b', '/t/a/b/deep', '/t/mnt', '/t/é ü']) FS.mkdir(dir);
  FS.writeFile('/t/a/b/file', 'f');
  FS.writeFile('/t/é ü/ñ', 'n');
  FS.symlink('b', '/t/a/rel');
  FS.symlink('/t/a', '/t/abs');
  FS.symlink('../a/b/file', '/t/a/b/deep/up');
  FS.symlink('/t/loop2', '/t/loop1');
  FS.symlink('/t/loop1', '/t/loop2');
  FS.symlink('/t/nowhere', '/t/dangling');
  FS.mount(sz.NODEFS, { root: outside }, '/t/mnt');
  FS.chdir('/t/a');
  return sz;
}

const PATHS = [
  '/',
  '//',
  '/t',
  '/t/',
  '//t//a///b',
  '/t/a/b/file',
  '/t/a/b/file/',
  '/t/a/b/file/more',
  '/t/a/rel',
  '/t/a/rel/file',
  '/t/abs',
  '/t/abs/b/file',
  '/t/a/b/deep/up',
  '/t/dangling',
  '/t/dangling/x',
  '/t/loop1',
  '/t/loop1/x',
  '/t/missing',
  '/t/missing/x',
  '/t/a/./b',
  '/t/a/../a/b/file',
  '/../t/a',
  '/t/mnt',
  '/t/mnt/',
  '/t/mnt/x.txt',
  '/t/mnt/none',
  '/t/é ü/ñ',
  '/dev/null',
  'b/file',
  './b',
  '../abs',
  '',
];
const OPTIONS: Record<string, boolean>[] = [
  {},
  { parent: true },
  { follow: true },
  { follow_mount: false },
  { noent_okay: true },
  { parent: true, follow: true },
  { follow: true, noent_okay: true },
  { follow_mount: false, follow: true, noent_okay: true },
];

/** A lookup's answer, or the error number it threw. */
function outcome(lookup: Lookup, path: string, opts: Record<string, boolean>) {
  try {
    const { path: walked, node } = lookup(path, { ...opts });
    return { walked, node };
  } catch (error) {
    return { errno: (error as { errno?: number }).errno ?? String(error) };
  }
}

describe('speedUpPathLookup', () => {
  it('answers every path and option exactly as Emscripten does: same path, same node, same error', async () => {
    const sz = await instance();
    const fs = sz.FS as unknown as { lookupPath: Lookup };
    const emscripten = fs.lookupPath.bind(fs);
    speedUpPathLookup(sz.FS);
    expect(fs.lookupPath).not.toBe(emscripten);
    let errors = 0;
    for (const path of PATHS) {
      for (const opts of OPTIONS) {
        const expected = outcome(emscripten, path, opts);
        if ('errno' in expected) errors += 1;
        expect(outcome(fs.lookupPath, path, opts), `${JSON.stringify(path)} ${JSON.stringify(opts)}`).toEqual(expected);
        if (!('errno' in expected)) expect(outcome(fs.lookupPath, path, opts).node).toBe(expected.node);
      }
    }
    // The cases reach errors as well as answers (missing names, link loops, a file as a folder).
    expect(errors).toBeGreaterThan(20);
  });

  it('serves the file system calls 7-Zip makes: create, write, stat, rename, remove, through a mount', async () => {
    const sz = await instance();
    speedUpPathLookup(sz.FS);
    const { FS } = sz;
    FS.writeFile('/t/a/b/new.txt', 'hello');
    expect(FS.stat('/t/a/b/new.txt').size).toBe(5);
    FS.rename('/t/a/b/new.txt', '/t/é ü/moved.txt');
    expect(FS.readFile('/t/é ü/moved.txt', { encoding: 'utf8' })).toBe('hello');
    expect(() => FS.stat('/t/a/b/new.txt')).toThrow();
    expect(FS.readFile('/t/abs/rel/file', { encoding: 'utf8' })).toBe('f');
    expect(FS.readFile('/t/mnt/x.txt', { encoding: 'utf8' })).toBe('x');
    FS.unlink('/t/é ü/moved.txt');
    expect(FS.readdir('/t/é ü').sort()).toEqual(['.', '..', 'ñ']);
  });
});
