import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import { WRITER_AFTER_BYTES } from './disk-spool.js';
import { diskSink } from './disk-sink.js';
import { extractArchive } from './index.js';

// 7-Zip's files written where they end up (SevenZipSpool.writeInPlace, disk-sink.ts), where the
// listing proves that adoption keeps their names (sevenzip/names-kept.ts).

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function freshDir(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-in-place-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  return dir;
}

/** Every file under `dir`, relative to it. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

const STAGING = /^\.archive-opener-staging-/;
const modifiedTime = Date.UTC(2003, 4, 5, 6, 7, 8);
/** Every fifth file's mode: kept less the umask, where the others keep the mode new files get. */
const EXECUTABLE = 0o755;

/**
 * A 7z of three folders of files, more bytes than the spool writes before its writer thread
 * starts (so that both threads write files in place), each file dated `modifiedTime`; made by
 * the engine's own 7-Zip.
 */
async function sevenZipOfFolders(): Promise<{ path: string; files: Map<string, { bytes: Uint8Array; mode: number }> }> {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  const files = new Map<string, { bytes: Uint8Array; mode: number }>();
  sz.FS.mkdir('/in');
  const perFile = Math.ceil((WRITER_AFTER_BYTES * 2) / 24);
  for (let i = 0; i < 24; i += 1) {
    const dir = `part${i % 3}`;
    if (i < 3) sz.FS.mkdir(`/in/${dir}`);
    const name = `${dir}/file${i}.bin`;
    const bytes = new Uint8Array(randomBytes(i % 4 === 0 ? 10 : perFile));
    sz.FS.writeFile(`/in/${name}`, bytes);
    sz.FS.utime(`/in/${name}`, modifiedTime, modifiedTime);
    const mode = i % 5 === 1 ? EXECUTABLE : 0o666;
    sz.FS.chmod(`/in/${name}`, mode);
    files.set(name, { bytes, mode });
  }
  sz.FS.chdir('/in');
  sz.callMain(['a', '-t7z', '-mx0', '/folders.7z', '.']);
  const dir = await freshDir();
  const path = join(dir, 'folders.7z');
  await writeFile(path, sz.FS.readFile('/folders.7z'));
  return { path, files };
}

/** A disk sink's 7-Zip spool into `out`, attached to a fresh instance's `/staged`. */
async function attachedSpool(out: string) {
  const spool = diskSink(out).spoolSevenZip?.();
  if (!spool) throw new Error('the disk sink spools 7-Zip');
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.mkdir('/staged');
  spool.attach(sz, '/staged');
  return { sz, spool };
}

describe('7-Zip’s files written where they end up', () => {
  it('are in place before adoption, which moves nothing; a name the listing did not prove is staged', async () => {
    const out = await freshDir();
    const { sz, spool } = await attachedSpool(out);
    expect(spool.writeInPlace?.('/staged/1', new Set(['d', 'd/a.txt', 'gone.txt']))).toBe(true);
    sz.FS.mkdir('/staged/1');
    sz.FS.mkdir('/staged/1/d');
    sz.FS.writeFile('/staged/1/d/a.txt', 'A');
    sz.FS.writeFile('/staged/1/bell\u0007.txt', 'bell');
    sz.FS.writeFile('/staged/other.txt', 'other');
    // A file 7-Zip writes and then deletes for good is no entry: none of it stays.
    sz.FS.writeFile('/staged/1/gone.txt', 'gone');
    sz.FS.unlink('/staged/1/gone.txt');

    expect(await filesIn(out).then((paths) => paths.filter((p) => !STAGING.test(p)))).toEqual(['d/a.txt', 'gone.txt']);
    expect(await spool.adopt(sz, '/staged/1/d/a.txt', 'd/a.txt')).toBe(true);
    expect(await spool.adopt(sz, '/staged/1/bell\u0007.txt', 'bell.txt')).toBe(true);
    expect(await spool.adopt(sz, '/staged/other.txt', 'other.txt')).toBe(true);
    await spool.close();
    expect(await filesIn(out)).toEqual(['bell.txt', 'd/a.txt', 'other.txt']);
    expect(await readFile(join(out, 'd/a.txt'), 'utf8')).toBe('A');
  });

  it('move, and free their first place, where adoption names them otherwise after all', async () => {
    const out = await freshDir();
    const { sz, spool } = await attachedSpool(out);
    spool.writeInPlace?.('/staged/1', new Set(['x.txt']));
    sz.FS.mkdir('/staged/1');
    sz.FS.writeFile('/staged/1/x.txt', 'first');
    sz.FS.writeFile('/staged/other.txt', 'second');

    await spool.adopt(sz, '/staged/1/x.txt', 'y.txt');
    await spool.adopt(sz, '/staged/other.txt', 'x.txt');
    await spool.close();
    expect(await readFile(join(out, 'y.txt'), 'utf8')).toBe('first');
    expect(await readFile(join(out, 'x.txt'), 'utf8')).toBe('second');
  });

  it('are not written so into a folder that held anything', async () => {
    const out = await freshDir({ 'mine.txt': 'mine' });
    const { sz, spool } = await attachedSpool(out);
    expect(spool.writeInPlace?.('/staged/1', new Set(['a.txt']))).toBe(false);
    sz.FS.mkdir('/staged/1');
    sz.FS.writeFile('/staged/1/a.txt', 'A');
    expect((await filesIn(out)).filter((p) => !STAGING.test(p))).toEqual(['mine.txt']);
    await spool.close();
  });

  it('come out of a 7z whole, with their times and modes, and nothing is left staged', async () => {
    const { path, files } = await sevenZipOfFolders();
    const out = join(await freshDir(), 'out');
    // Staged files reach `out` only at adoption; these are there before it starts (those the
    // writer thread makes, once it has caught up: at the first adoption).
    let seenBeforeAdoption = 0;
    const result = await extractArchive([path], out, {
      onProgress: (progress) => {
        if (progress.phase !== 'finalizing' || !existsSync(out)) return;
        const inPlace = readdirSync(out, { recursive: true, withFileTypes: true }).filter(
          (e) => e.isFile() && !e.parentPath.includes('.archive-opener-staging-'),
        );
        seenBeforeAdoption = Math.max(seenBeforeAdoption, inPlace.length);
      },
    });

    expect(seenBeforeAdoption).toBeGreaterThan(0);
    expect(result.entries.filter((e) => e.type === 'file').map((e) => e.path)).toEqual([...files.keys()].sort());
    expect(await filesIn(out)).toEqual([...files.keys()].sort());
    for (const [name, { bytes, mode: archived }] of files) {
      expect(Buffer.compare(await readFile(join(out, name)), bytes), name).toBe(0);
      const { mtimeMs, mode } = await stat(join(out, name));
      expect(mtimeMs, name).toBe(modifiedTime);
      expect(mode & 0o777, name).toBe(archived & ~process.umask());
    }
  });

  it('are taken back when the extraction fails after some were written', async () => {
    const { path } = await sevenZipOfFolders();
    const damaged = await readFile(path);
    // A byte of the last files' data: 7-Zip has written the files before them by then.
    const at = Math.floor(damaged.length * 0.8);
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    const damagedPath = join(await freshDir(), 'damaged.7z');
    await writeFile(damagedPath, damaged);
    const out = join(await freshDir(), 'out');
    await mkdir(out);

    await expect(extractArchive([damagedPath], out)).rejects.toMatchObject({ code: 'CORRUPT_ARCHIVE' });
    expect(await filesIn(out)).toEqual([]);
  });
});
