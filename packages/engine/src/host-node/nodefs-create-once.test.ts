import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import { createFilesOnOpen } from './nodefs-create-once.js';

describe('createFilesOnOpen', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ao-nodefs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a file on disk when it is opened, not when its node is made; folders as before', async () => {
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    sz.FS.mkdir('/out');
    sz.FS.mount(sz.NODEFS, { root: dir }, '/out');
    createFilesOnOpen(sz);

    sz.FS.mkdir('/out/sub');
    expect(statSync(join(dir, 'sub')).isDirectory()).toBe(true);

    // What FS.open does for O_CREAT: the node first, then the open that creates the file.
    // Emscripten's FS has mknod; the package's types leave it out.
    (sz.FS as unknown as { mknod(path: string, mode: number, dev: number): void }).mknod('/out/sub/later.txt', 0o100644, 0);
    expect(existsSync(join(dir, 'sub/later.txt'))).toBe(false);

    sz.FS.writeFile('/out/sub/a.txt', 'hello');
    expect(readFileSync(join(dir, 'sub/a.txt'), 'utf8')).toBe('hello');
    const stream = sz.FS.open('/out/b.bin', 'w');
    sz.FS.write(stream, new Uint8Array([1, 2, 3]), 0, 3);
    sz.FS.close(stream);
    expect([...readFileSync(join(dir, 'b.bin'))]).toEqual([1, 2, 3]);
    // An empty file still exists once opened and closed.
    sz.FS.close(sz.FS.open('/out/empty', 'w'));
    expect(statSync(join(dir, 'empty')).size).toBe(0);
  });
});
