// Archives of 100,000 tiny entries for `npm run bench`, made at run time: zip (fflate), 7z (the
// engine's own 7-Zip, in its in-memory file system), tar.gz (the engine's test tar writer) and
// rar5 (below: no RAR writer is free to use, and a stored RAR 5 archive is a few simple headers).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, gzipSync } from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';
import { SevenZip } from '../packages/engine/src/sevenzip/sevenzip-package.js';
import { end, file } from '../packages/engine/src/tar/tar-writer.js';

export type ManyFormat = 'zip' | '7z' | 'tar.gz' | 'rar5';
export const MANY_FORMATS: readonly ManyFormat[] = ['zip', '7z', 'tar.gz', 'rar5'];

/** 100 folders and 99,900 one-byte files: 100,000 entries, the server's limit, in every format. */
export const FOLDERS = 100;
export const FILES = 99_900;
const pathOf = (i: number) => `d${i % FOLDERS}/f${i}.txt`;
const ONE = new Uint8Array([120]);

export async function makeManyEntries(dir: string, format: ManyFormat): Promise<string> {
  const path = join(dir, `many-entries.${format === 'rar5' ? 'rar' : format}`);
  await writeFile(path, await bytesOf(format));
  return path;
}

/** 100,000 entries all named a.txt, as a tar.gz (~0.4 MB). */
export async function makeSameNames(dir: string): Promise<string> {
  const path = join(dir, 'same-name.tar.gz');
  const one = file('a.txt', 'x');
  await writeFile(path, gzipSync(Buffer.concat([...Array.from({ length: 100_000 }, () => one), end()])));
  return path;
}

async function bytesOf(format: ManyFormat): Promise<Uint8Array> {
  if (format === 'zip') {
    const content: Zippable = {};
    for (let i = 0; i < FILES; i += 1) content[pathOf(i)] = [ONE, { level: 0 }];
    return zipSync(content);
  }
  if (format === 'tar.gz') {
    const parts = Array.from({ length: FILES }, (_, i) => file(pathOf(i), ONE));
    return gzipSync(Buffer.concat([...parts, end()]));
  }
  if (format === 'rar5') return storedRar5();
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.mkdir('/in');
  for (let d = 0; d < FOLDERS; d += 1) sz.FS.mkdir(`/in/d${d}`);
  for (let i = 0; i < FILES; i += 1) sz.FS.writeFile(`/in/${pathOf(i)}`, ONE);
  sz.FS.chdir('/in');
  sz.callMain(['a', '-t7z', '-mx0', '/many.7z', '.']);
  return sz.FS.readFile('/many.7z');
}

/** A RAR 5 variable-length integer: 7 bits a byte, lowest first, high bit = more follow. */
function vint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    bytes.push((rest & 0x7f) | (rest >= 0x80 ? 0x80 : 0));
    rest = Math.floor(rest / 0x80);
  } while (rest > 0);
  return bytes;
}

/** A RAR 5 block: CRC-32 of what follows it, the size of the fields after the size, the fields. */
function block(fields: number[]): Uint8Array {
  const body = Uint8Array.from([...vint(fields.length), ...fields]);
  const out = new Uint8Array(4 + body.length);
  new DataView(out.buffer).setUint32(0, crc32(body), true);
  out.set(body, 4);
  return out;
}

function storedRar5(): Uint8Array {
  const utf8 = new TextEncoder();
  const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];
  const parts: Uint8Array[] = [Uint8Array.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00])];
  parts.push(block([1, 0, 0])); // main header: type 1, no flags, no archive flags
  const dataCrc = le32(crc32(ONE));
  for (let i = 0; i < FILES; i += 1) {
    const name = utf8.encode(pathOf(i));
    // type 2 (file), header flag 2 (a data area follows), its size, file flag 4 (CRC-32 given),
    // unpacked size, Unix mode, the CRC, compression 0 (stored), host 1 (Unix), the name.
    const fields = [2, 2, ...vint(ONE.length), 4, ...vint(ONE.length), ...vint(0o100644), ...dataCrc, 0, 1];
    parts.push(block([...fields, ...vint(name.length), ...name]), ONE);
  }
  parts.push(block([5, 0, 0])); // end of archive
  return Buffer.concat(parts);
}
