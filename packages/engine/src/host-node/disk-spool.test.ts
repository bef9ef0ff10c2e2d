import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { memfsFileOps, memfsNode } from '../sevenzip/memfs-file-ops.js';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import type { SevenZipModule } from '../sevenzip/sevenzip-module.js';
import { memfsContents, pattern, writeInPieces } from '../testing/memfs-writes.js';
import { openIn } from '../testing/open-files.js';
import { diskSpool, type DiskSpool } from './disk-spool.js';

const ROOT = '/out';

describe('diskSpool', () => {
  let dir: string;
  let sz: SevenZipModule;
  let spool: DiskSpool;

  /** A new instance with a spool on ROOT; `writerAfterBytes` as diskSpool takes it. */
  const attachSpool = async (writerAfterBytes?: number) => {
    sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    sz.FS.mkdir(ROOT);
    spool = diskSpool(dir, writerAfterBytes);
    spool.attach(sz, ROOT);
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ao-spool-'));
    await attachSpool();
  });

  afterEach(() => {
    spool.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes 7-Zip's files to disk as they come, and keeps only their names and sizes in memory", () => {
    const data = pattern(70_000, 1);
    writeInPieces(sz, `${ROOT}/a.bin`, data, [30_000, 40_000]);
    expect(memfsContents(sz, `${ROOT}/a.bin`)).toBeNull();
    expect(sz.FS.stat(`${ROOT}/a.bin`).size).toBe(70_000);
    const onDisk = spool.take(sz, `${ROOT}/a.bin`) as string;
    expect(onDisk.startsWith(`${dir}/`)).toBe(true);
    expect(new Uint8Array(readFileSync(onDisk))).toEqual(data);
    // Taken means no longer the spool's.
    expect(spool.take(sz, `${ROOT}/a.bin`)).toBeNull();
  });

  it('gives the file the times and permissions 7-Zip set less the umask, never set-id bits, always owner read', () => {
    writeInPieces(sz, `${ROOT}/tool`, pattern(10, 2), [10]);
    const modified = Date.UTC(2020, 4, 17, 12, 30, 5);
    sz.FS.utime(`${ROOT}/tool`, modified, modified);
    sz.FS.chmod(`${ROOT}/tool`, 0o4555);
    const onDisk = spool.take(sz, `${ROOT}/tool`) as string;
    const stat = statSync(onDisk);
    expect(stat.mtimeMs).toBe(modified);
    expect(stat.mode & 0o7777).toBe(0o555);
    writeInPieces(sz, `${ROOT}/secret`, pattern(10, 3), [10]);
    sz.FS.chmod(`${ROOT}/secret`, 0o070);
    expect(statSync(spool.take(sz, `${ROOT}/secret`) as string).mode & 0o777).toBe((0o070 & ~process.umask()) | 0o400);
    // What 7-Zip's in-memory file system gives a file made without a mode ignores the umask: not so on disk.
    writeInPieces(sz, `${ROOT}/open`, pattern(10, 4), [10]);
    sz.FS.chmod(`${ROOT}/open`, 0o666);
    expect(statSync(spool.take(sz, `${ROOT}/open`) as string).mode & 0o777).toBe(0o666 & ~process.umask());
  });

  /**
   * Writes a file, patches a header after the body (as some writers do), cuts it and reads it
   * back through 7-Zip's file system, then checks what reaches the disk.
   */
  const patchCutAndReadBack = () => {
    const stream = sz.FS.open(`${ROOT}/patched`, 'w+');
    sz.FS.write(stream, pattern(1000, 3), 0, 1000);
    sz.FS.write(stream, new Uint8Array([9, 9, 9]), 0, 3, 10);
    sz.FS.truncate(`${ROOT}/patched`, 600);
    const back = new Uint8Array(20);
    expect(sz.FS.read(stream, back, 0, 20, 590)).toBe(10);
    sz.FS.close(stream);
    const expected = pattern(1000, 3).subarray(0, 600);
    expected.set([9, 9, 9], 10);
    expect(back.subarray(0, 10)).toEqual(expected.subarray(590));
    expect(sz.FS.readFile(`${ROOT}/patched`)).toEqual(expected);
    expect(sz.FS.stat(`${ROOT}/patched`).size).toBe(600);
    expect(new Uint8Array(readFileSync(spool.take(sz, `${ROOT}/patched`) as string))).toEqual(expected);
  };

  it('writes anywhere, truncates and reads back on the disk file', () => {
    patchCutAndReadBack();
  });

  it('keeps few files open however many are written at once, and closes them all at the end', () => {
    const streams = Array.from({ length: 20 }, (_, i) => sz.FS.open(`${ROOT}/f${i}`, 'w'));
    for (let round = 0; round < 3; round += 1) {
      streams.forEach((stream, i) => sz.FS.write(stream, pattern(100, i + round), 0, 100));
      // Small files: the spool writes them itself, 8 open at most (its thread would keep 16).
      expect(openIn(dir)).toBeLessThanOrEqual(8);
    }
    for (const stream of streams) sz.FS.close(stream);
    for (let i = 0; i < 20; i += 1) {
      const expected = [0, 1, 2].flatMap((round) => [...pattern(100, i + round)]);
      expect([...sz.FS.readFile(`${ROOT}/f${i}`)]).toEqual(expected);
    }
    expect(openIn(dir)).toBeGreaterThan(0);
    spool.closeAll();
    expect(openIn(dir)).toBe(0);
  });

  it('leaves empty files and files outside its folder to memory', () => {
    sz.FS.writeFile(`${ROOT}/empty`, new Uint8Array());
    expect(spool.take(sz, `${ROOT}/empty`)).toBeNull();
    sz.FS.writeFile('/elsewhere', pattern(20, 4));
    expect(memfsContents(sz, '/elsewhere')?.length).toBe(20);
    expect(spool.take(sz, '/elsewhere')).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("reports a failing disk as the host's failure, not as a damaged archive", () => {
    rmSync(dir, { recursive: true, force: true });
    const stream = sz.FS.open(`${ROOT}/lost`, 'w');
    let failure: unknown;
    try {
      sz.FS.write(stream, pattern(10, 6), 0, 10);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).code).toBe('INTERNAL');
    expect(String((failure as EngineError).details.cause)).toContain('ENOENT');
  });

  it('writes the files itself until it has written writerAfterBytes, then hands the next ones to its thread', async () => {
    spool.closeAll();
    await attachSpool(100_000);
    const sizes = { a: 10, b: 10, c: 100_000, d: 10, e: 20 };
    Object.entries(sizes).forEach(([name, size], i) => writeInPieces(sz, `${ROOT}/${name}`, pattern(size, i), [size]));
    const where = Object.entries(sizes).map(([name, size], i) => {
      const onDisk = spool.take(sz, `${ROOT}/${name}`) as string;
      expect(new Uint8Array(readFileSync(onDisk)), name).toEqual(pattern(size, i));
      return onDisk.slice(dir.length + 1);
    });
    // c's 100,000 bytes reach the threshold: the file after it is the thread's.
    expect(where).toEqual(['own-1', 'own-2', 'own-3', '4', '5']);
  });

  it('never starts a thread for a small extraction by default', () => {
    for (let i = 0; i < 20; i += 1) writeInPieces(sz, `${ROOT}/f${i}`, pattern(1000, i), [1000]);
    for (let i = 0; i < 20; i += 1) expect(spool.take(sz, `${ROOT}/f${i}`)).toBe(join(dir, `own-${i + 1}`));
  });

  describe('with its writer thread', () => {
    // From the second file on, whatever was written before it.
    beforeEach(async () => {
      spool.closeAll();
      await attachSpool(0);
    });

    /** The second file written starts the thread, which writes it and every later one. */
    const startThread = () => {
      writeInPieces(sz, `${ROOT}/first`, pattern(10, 7), [10]);
      writeInPieces(sz, `${ROOT}/second`, pattern(10, 8), [10]);
    };

    it('has the thread write the files after the first, with their bytes, times and modes', () => {
      startThread();
      const data = pattern(50_000, 9);
      writeInPieces(sz, `${ROOT}/third`, data, [20_000, 30_000]);
      sz.FS.chmod(`${ROOT}/third`, 0o640);
      expect(memfsContents(sz, `${ROOT}/third`)).toBeNull();
      const onDisk = spool.take(sz, `${ROOT}/third`) as string;
      expect(onDisk).toBe(join(dir, '3'));
      expect(new Uint8Array(readFileSync(onDisk))).toEqual(data);
      expect(statSync(onDisk).mode & 0o777).toBe(0o640);
      for (const [name, seed] of [
        ['first', 7],
        ['second', 8],
      ] as const) {
        expect(new Uint8Array(readFileSync(spool.take(sz, `${ROOT}/${name}`) as string))).toEqual(pattern(10, seed));
      }
    });

    it('reads back what the thread has queued, patched and cut', () => {
      startThread();
      patchCutAndReadBack();
    });

    it('refuses to write through a link put in place of one', () => {
      startThread();
      const outside = join(mkdtempSync(join(tmpdir(), 'ao-outside-')), 'victim');
      writeFileSync(outside, 'keep');
      symlinkSync(outside, join(dir, '3'));
      writeInPieces(sz, `${ROOT}/third`, pattern(10, 9), [10]);
      // The thread's failure reaches 7-Zip's thread at its next write, read or hand-over.
      let failure: unknown;
      try {
        spool.take(sz, `${ROOT}/third`);
      } catch (error) {
        failure = error;
      }
      expect((failure as EngineError).code).toBe('INTERNAL');
      expect(String((failure as EngineError).details.cause)).toContain('EEXIST');
      expect(readFileSync(outside, 'utf8')).toBe('keep');
      rmSync(dirname(outside), { recursive: true });
    });
  });
  describe('a file cut in two, placed', () => {
    it("writes each instance's part into one disk file at its offset, by the thread, and leaves out truncations", async () => {
      const other = await SevenZip({ print: () => undefined, printErr: () => undefined });
      other.FS.mkdir(ROOT);
      mkdirSync(join(dir, 'other'));
      const otherSpool = diskSpool(join(dir, 'other'), Number.POSITIVE_INFINITY);
      otherSpool.attach(other, ROOT);
      try {
        const joined = join(dir, 'joined');
        const first = pattern(300_000, 3);
        const rest = pattern(200_000, 4);
        // The rest's instance may well start writing before the first part's.
        otherSpool.place(`${ROOT}/rest`, joined, first.length);
        spool.place(`${ROOT}/deep/file`, joined, 0);
        writeInPieces(other, `${ROOT}/rest`, rest, [70_000, 130_000]);
        other.FS.truncate(`${ROOT}/rest`, rest.length);
        sz.FS.mkdir(`${ROOT}/deep`);
        writeInPieces(sz, `${ROOT}/deep/file`, first, [100_000, 200_000]);
        // 7-Zip may set a part's size: each part's own would cut off the other's bytes.
        sz.FS.truncate(`${ROOT}/deep/file`, first.length);
        sz.FS.utime(`${ROOT}/deep/file`, 1_000_000, 2_000_000);
        other.FS.utime(`${ROOT}/rest`, 5_000_000, 6_000_000);
        // Read back through the instance: its own part, not the other's.
        expect(other.FS.readFile(`${ROOT}/rest`).subarray(0, 10)).toEqual(rest.subarray(0, 10));
        expect(otherSpool.take(other, `${ROOT}/rest`)).toBe(joined);
        expect(spool.take(sz, `${ROOT}/deep/file`)).toBe(joined);
        expect(new Uint8Array(readFileSync(joined))).toEqual(new Uint8Array([...first, ...rest]));
        // The time is the first part's: the rest's spool left the file's to it.
        expect(statSync(joined).mtimeMs).toBe(2_000_000);
        // Neither spool wrote a file of its own numbering: both parts were the thread's, even the first file.
        expect(readdirSync(dir).sort()).toEqual(['joined', 'other']);
        expect(readdirSync(join(dir, 'other'))).toEqual([]);
      } finally {
        otherSpool.closeAll();
      }
    });

    it('refuses to map a part, whose disk file holds the other part too', () => {
      spool.place(`${ROOT}/part`, join(dir, 'joined'), 10);
      writeInPieces(sz, `${ROOT}/part`, pattern(100, 5), [100]);
      // As Emscripten maps a file: through the stream operations every MEMFS file shares.
      const { mmap } = memfsFileOps(sz, ROOT).stream_ops;
      expect(() => mmap({ node: memfsNode(sz, `${ROOT}/part`) })).toThrow('A part of a file cut in two cannot be mapped.');
    });
  });
});
