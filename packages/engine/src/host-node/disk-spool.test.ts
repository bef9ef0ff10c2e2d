import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import type { SevenZipModule } from '../sevenzip/sevenzip-module.js';
import { memfsContents, pattern, writeInPieces } from '../../test/support/memfs-writes.js';
import { diskSpool, type DiskSpool } from './disk-spool.js';

const ROOT = '/out';
const openDescriptors = () => readdirSync('/proc/self/fd').length;

describe('diskSpool', () => {
  let dir: string;
  let sz: SevenZipModule;
  let spool: DiskSpool;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ao-spool-'));
    sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    sz.FS.mkdir(ROOT);
    spool = diskSpool(dir);
    spool.attach(sz, ROOT);
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

  it('gives the file the times and permissions 7-Zip set, never set-id bits, always owner read', () => {
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
    expect(statSync(spool.take(sz, `${ROOT}/secret`) as string).mode & 0o777).toBe(0o470);
  });

  it('writes anywhere, truncates and reads back on the disk file', () => {
    const stream = sz.FS.open(`${ROOT}/patched`, 'w+');
    sz.FS.write(stream, pattern(1000, 3), 0, 1000);
    // A header patched after the body, as some writers do, then a cut.
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
  });

  it('keeps few files open however many are written at once, and closes them all at the end', () => {
    const before = openDescriptors();
    const streams = Array.from({ length: 20 }, (_, i) => sz.FS.open(`${ROOT}/f${i}`, 'w'));
    for (let round = 0; round < 3; round += 1) {
      streams.forEach((stream, i) => sz.FS.write(stream, pattern(100, i + round), 0, 100));
      expect(openDescriptors() - before).toBeLessThanOrEqual(8);
    }
    for (const stream of streams) sz.FS.close(stream);
    for (let i = 0; i < 20; i += 1) {
      const expected = [0, 1, 2].flatMap((round) => [...pattern(100, i + round)]);
      expect([...sz.FS.readFile(`${ROOT}/f${i}`)]).toEqual(expected);
    }
    spool.closeAll();
    expect(openDescriptors()).toBe(before);
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
});
