import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { corpusCase } from '@archive-opener/test-support/corpus';
import type { EngineError } from '../core/engine-error.js';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import { concat, end, file, header } from '../tar/tar-writer.js';
import { diskSink } from './disk-sink.js';
import { extractArchive } from './index.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A folder that already holds the caller's own things, some named like the archive's entries. */
async function folderWith(files: Record<string, string>, emptyDirs: string[] = []): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-sink-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  for (const path of emptyDirs) await mkdir(join(dir, path), { recursive: true });
  return dir;
}

/** What the extraction failed with: the underlying cause, as the error's details carry it. */
async function causeOf(extraction: Promise<unknown>): Promise<string> {
  return extraction.then(
    () => 'no error',
    (error: EngineError) => String(error.details?.cause),
  );
}

/** Every path under `dir`, folders with a trailing slash. */
async function contents(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((e) => join(e.parentPath, e.name).slice(dir.length + 1) + (e.isDirectory() ? '/' : '')).sort();
}

describe('extracting into a folder that is not empty', () => {
  it('never writes over a file of the caller, and takes back only what it wrote (zip)', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const out = await folderWith({ 'FixedDocumentSequence.fdseq': 'mine', 'notes.txt': 'mine too' }, ['Documents']);
    expect(await causeOf(extractArchive(zip.parts, out))).toMatch(/EEXIST/);
    expect(await readFile(join(out, 'FixedDocumentSequence.fdseq'), 'utf8')).toBe('mine');
    // The entries written before and after the clash are gone; the caller's empty folder stays.
    expect(await contents(out)).toEqual(['Documents/', 'FixedDocumentSequence.fdseq', 'notes.txt']);
  });

  it('never renames 7-Zip’s output over a file of the caller (7z)', async () => {
    const sevenZip = corpusCase('py7zr/encrypted_1.7z');
    const [name] = [...sevenZip.files.keys()];
    if (!name) throw new Error('the case has no files');
    const out = await folderWith({ [name]: 'mine' });
    expect(await causeOf(extractArchive(sevenZip.parts, out, { password: sevenZip.password ?? '' }))).toMatch(/EEXIST/);
    expect(await readFile(join(out, name), 'utf8')).toBe('mine');
    expect((await contents(out)).filter((path) => !path.endsWith('/'))).toEqual([name]);
  });
});

describe('moving 7-Zip’s files into an empty folder', () => {
  // There the sink knows what is in the folder without asking the disk: it must still refuse a
  // second file at a path it wrote, whether moved in or written directly.
  it('refuses a second file at a path it wrote, and keeps the first', async () => {
    const out = await folderWith({});
    const sink = diskSink(out);
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    const spool = sink.spoolSevenZip?.();
    if (!spool) throw new Error('the disk sink spools 7-Zip');
    sz.FS.mkdir('/staged');
    spool.attach(sz, '/staged');
    for (const name of ['a', 'b', 'c']) sz.FS.writeFile(`/staged/${name}`, `staged ${name}`);
    await sink.writeFile('direct.txt', new Blob(['direct']).stream());

    await spool.adopt(sz, '/staged/a', 'x.txt');
    await expect(spool.adopt(sz, '/staged/b', 'x.txt')).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(spool.adopt(sz, '/staged/c', 'direct.txt')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(join(out, 'x.txt'), 'utf8')).toBe('staged a');
    expect(await readFile(join(out, 'direct.txt'), 'utf8')).toBe('direct');
    await spool.close();
  });
});

describe('the archive’s times and modes', () => {
  const folderTime = Date.UTC(2001, 1, 3, 4, 5, 6);
  const scriptTime = Date.UTC(2002, 5, 7, 8, 9, 10);
  const notesTime = Date.UTC(1999, 11, 31, 23, 59, 58);

  /** The modification time (ms) and permission bits of `path`. */
  async function stampOf(path: string): Promise<{ modified: number; mode: number }> {
    const stats = await stat(path);
    return { modified: stats.mtimeMs, mode: stats.mode & 0o7777 };
  }

  async function archiveFile(name: string, bytes: Uint8Array): Promise<string> {
    const dir = await folderWith({});
    await writeFile(join(dir, name), bytes);
    return join(dir, name);
  }

  /** A folder entry, a setuid script in it (written after the folder), and a read-only file. */
  const tar = () =>
    concat(
      header({ name: 'bin/', typeflag: '5', mtime: folderTime / 1000, mode: 0o755 }),
      file('bin/run.sh', '#!/bin/sh\necho hi\n', { mtime: scriptTime / 1000, mode: 0o4755 }),
      file('notes.txt', 'notes', { mtime: notesTime / 1000, mode: 0o444 }),
      file('open.sh', 'open', { mtime: notesTime / 1000, mode: 0o777 }),
      end(),
    );

  async function zip(): Promise<Uint8Array> {
    const writer = new ZipWriter(new Uint8ArrayWriter(), { useWebWorkers: false, extendedTimestamp: true });
    await writer.add('bin/', undefined, { directory: true, lastModDate: new Date(folderTime), unixMode: 0o755 });
    const script = new TextEncoder().encode('#!/bin/sh\necho hi\n'.repeat(50));
    await writer.add('bin/run.sh', new Uint8ArrayReader(script), { lastModDate: new Date(scriptTime), unixMode: 0o4755 });
    const notes = new TextEncoder().encode('notes');
    await writer.add('notes.txt', new Uint8ArrayReader(notes), { lastModDate: new Date(notesTime), unixMode: 0o444, level: 0 });
    await writer.add('open.sh', new Uint8ArrayReader(notes), { lastModDate: new Date(notesTime), unixMode: 0o777 });
    return writer.close();
  }

  it.each([
    ['tar', tar],
    ['zip', zip],
  ])(
    'a %s’s files keep their times and permissions less the umask, set-id bits dropped; its folders their times',
    async (kind, make) => {
      const archive = await archiveFile(`stamped.${kind}`, await make());
      const out = await folderWith({});
      await extractArchive([archive], out);

      expect(await stampOf(join(out, 'bin/run.sh'))).toEqual({ modified: scriptTime, mode: 0o755 });
      expect(await stampOf(join(out, 'notes.txt'))).toEqual({ modified: notesTime, mode: 0o444 });
      // An archive cannot make a file anyone may write, where the umask says otherwise.
      expect((await stampOf(join(out, 'open.sh'))).mode).toBe(0o777 & ~process.umask());
      // Set after run.sh was written into it, which changed it.
      expect((await stampOf(join(out, 'bin'))).modified).toBe(folderTime);
    },
  );

  it('leaves the time of a folder the caller had', async () => {
    const out = await folderWith({}, ['bin']);
    const earlier = Date.UTC(2010, 0, 1);
    await utimes(join(out, 'bin'), earlier / 1000, earlier / 1000);
    await extractArchive([await archiveFile('stamped.tar', tar())], out);

    expect((await stampOf(join(out, 'bin/run.sh'))).modified).toBe(scriptTime);
    expect((await stampOf(join(out, 'bin'))).modified).not.toBe(folderTime);
  });

  it('gives nothing but the files’ bytes when the archive says no time or mode', async () => {
    const out = await folderWith({});
    const before = Date.now();
    const sink = diskSink(out);
    await sink.writeBytes?.('plain.txt', new TextEncoder().encode('plain'), { modified: null, mode: null });
    await sink.finish?.();
    const plain = await stampOf(join(out, 'plain.txt'));
    expect(plain.modified).toBeGreaterThanOrEqual(before - 1000);
    expect(plain.mode & 0o111).toBe(0);
  });
});
