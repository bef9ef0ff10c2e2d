import fc from 'fast-check';
import { concat } from '../mutations.js';

/**
 * Structure-aware inputs for the cpio reader (newc/crc, odc, binary) and the LHA reader (header
 * levels 0-3 with extension records, every method, packed data at random so the -lh5-…-lh7-
 * decoder meets arbitrary Huffman tables).
 */

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const u16le = (v: number) => Uint8Array.of(v & 0xff, (v >>> 8) & 0xff);
const u32le = (v: number) => Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);

const size = fc.oneof(fc.nat(600), fc.constantFrom(0, 1, 3, 4, 0xffff, 0x7fffffff, 0xffffffff));
const MODES = [0o100644, 0o040755, 0o120777, 0o020644, 0o060644, 0o010644, 0o140644, 0, 0o170000];

const cpioMember = fc.record({
  format: fc.constantFrom('070701', '070702', '070707', 'bin-le', 'bin-be'),
  mode: fc.oneof(fc.constantFrom(...MODES), fc.nat(0xffff)),
  nlink: fc.constantFrom(0, 1, 2, 0xffffffff),
  inode: fc.nat(3),
  name: fc.oneof(fc.constantFrom('a', 'TRAILER!!!', '../x', 'dir/f', ''), fc.string({ maxLength: 40 })),
  nameSize: fc.option(size, { nil: undefined }),
  fileSize: fc.option(size, { nil: undefined }),
  check: fc.nat(0xffffffff),
  content: fc.uint8Array({ maxLength: 600 }),
});

type CpioMember = typeof cpioMember extends fc.Arbitrary<infer T> ? T : never;

const hex = (v: number, width: number) => (v >>> 0).toString(16).padStart(width, '0').slice(-width);
const oct = (v: number, width: number) => v.toString(8).padStart(width, '0').slice(-width);
const pad = (length: number, to: number) => new Uint8Array((to - (length % to)) % to);

function cpioBytes(m: CpioMember): Uint8Array {
  const name = concat(new TextEncoder().encode(m.name), Uint8Array.of(0));
  const nameSize = m.nameSize ?? name.length;
  const fileSize = m.fileSize ?? m.content.length;
  if (m.format === '070707') {
    const fields = [0, m.inode, m.mode, 0, 0, m.nlink, 0].map((v) => oct(v, 6)).join('');
    const head = ascii(`070707${fields}${oct(1_700_000_000, 11)}${oct(nameSize, 6)}${oct(fileSize, 11)}`);
    return concat(head, name, m.content);
  }
  if (m.format === 'bin-le' || m.format === 'bin-be') {
    const words = [0o070707, 0, m.inode, m.mode, 0, 0, m.nlink, 0, 0x6553, 0xf100, nameSize, fileSize >>> 16, fileSize];
    const head = concat(...words.map((w) => (m.format === 'bin-le' ? u16le(w) : Uint8Array.of((w >>> 8) & 0xff, w & 0xff))));
    return concat(head, name, pad(name.length, 2), m.content, pad(m.content.length, 2));
  }
  const fields = [m.inode, m.mode, 0, 0, m.nlink, 1_700_000_000, fileSize, 0, 0, 0, 0, nameSize, m.check];
  const head = ascii(`${m.format}${fields.map((v) => hex(v, 8)).join('')}`);
  return concat(head, name, pad(110 + name.length, 4), m.content, pad(m.content.length, 4));
}

const trailer = cpioBytes({
  format: '070701',
  mode: 0,
  nlink: 1,
  inode: 0,
  name: 'TRAILER!!!',
  nameSize: undefined,
  fileSize: undefined,
  check: 0,
  content: new Uint8Array(0),
});

export const cpioGenerator: fc.Arbitrary<Uint8Array> = fc
  .tuple(fc.array(cpioMember, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([members, ends]) => concat(...members.map(cpioBytes), ends ? trailer : new Uint8Array(0)));

const METHODS = ['-lh0-', '-lh1-', '-lh4-', '-lh5-', '-lh6-', '-lh7-', '-lhd-', '-lzs-', '-lz4-', '-lz5-', '-lh8-'];

const extension = fc.record({
  type: fc.constantFrom(0x00, 0x01, 0x02, 0x3f, 0x40, 0x41, 0x42, 0x44, 0x45, 0x50, 0x54, 0x7f, 0xff),
  data: fc.uint8Array({ maxLength: 40 }),
});

const lzhMember = fc.record({
  level: fc.constantFrom(0, 1, 2, 3),
  method: fc.constantFrom(...METHODS),
  originalSize: size,
  packedSize: fc.option(size, { nil: undefined }),
  name: fc.uint8Array({ maxLength: 40 }),
  extensions: fc.array(extension, { maxLength: 4 }),
  packed: fc.oneof(
    fc.uint8Array({ maxLength: 700 }),
    fc.uint8Array({ minLength: 1, maxLength: 4 }).map((b) => new Uint8Array(300).fill(b[0] as number)),
  ),
});

type LzhMember = typeof lzhMember extends fc.Arbitrary<infer T> ? T : never;

function lzhBytes(m: LzhMember): Uint8Array {
  const packedSize = m.packedSize ?? m.packed.length;
  const sizes = concat(u32le(packedSize), u32le(m.originalSize), u32le(0x5b000000));
  const extensions = (width: 2 | 4) =>
    concat(
      ...m.extensions.map((e) => concat((width === 2 ? u16le : u32le)(e.data.length + 1 + width), Uint8Array.of(e.type), e.data)),
      width === 2 ? u16le(0) : u32le(0),
    );
  if (m.level <= 1) {
    const name = m.name.subarray(0, 200);
    const tail = m.level === 0 ? u16le(0x1234) : concat(u16le(0x1234), Uint8Array.of(0x55), extensions(2));
    const fixed = concat(ascii(m.method), sizes, Uint8Array.of(m.level === 0 ? 0x20 : 0x20, m.level, name.length), name);
    const headerTail = m.level === 0 ? tail : tail.subarray(0, 5);
    const base = concat(fixed, headerTail);
    let sum = 0;
    for (const byte of base) sum += byte;
    const rest = m.level === 1 ? tail.subarray(5) : new Uint8Array(0);
    return concat(Uint8Array.of((base.length + 2 - 2) & 0xff, sum & 0xff), base, rest, m.packed);
  }
  const exts = extensions(m.level === 2 ? 2 : 4);
  if (m.level === 2) {
    const total = 26 + exts.length - 2;
    const head = concat(u16le(total), ascii(m.method), sizes, Uint8Array.of(0x20, 2), u16le(0), Uint8Array.of(0x55));
    return concat(head, exts, m.packed);
  }
  const total = 32 + exts.length - 4;
  const head = concat(u16le(4), ascii(m.method), sizes, Uint8Array.of(0x20, 3), u16le(0), Uint8Array.of(0x55, 0), u32le(total));
  return concat(head, exts, m.packed);
}

export const lzhGenerator: fc.Arbitrary<Uint8Array> = fc
  .array(lzhMember, { minLength: 1, maxLength: 3 })
  .map((members) => concat(...members.map(lzhBytes), Uint8Array.of(0)));
