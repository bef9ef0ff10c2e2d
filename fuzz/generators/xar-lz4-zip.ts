import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { createXXHash32 } from 'hash-wasm';
import { concat } from '../mutations.js';

/**
 * Structure-aware inputs for the XAR table-of-contents check, the LZ4 frame decoder and the zip
 * name decoding (raw names in code pages, the UTF-8 flag, Info-ZIP Unicode path fields).
 */

const xxh = await createXXHash32(0);
const xxh32 = (data: Uint8Array) => parseInt(xxh.init().update(data).digest('hex'), 16) >>> 0;
const u16le = (v: number) => Uint8Array.of(v & 0xff, (v >>> 8) & 0xff);
const u32le = (v: number) => Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
const u32be = (v: number) => Uint8Array.of((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
const u64be = (v: number) => concat(u32be(Math.floor(v / 2 ** 32)), u32be(v >>> 0));
const utf8 = (text: string) => new TextEncoder().encode(text);

const numberText = fc.oneof(
  fc.nat(100).map(String),
  fc.constantFrom('0', '20', '-1', '18446744073709551616', '9007199254740993', '1e3', ' 5', '0x10', ''),
);
const xarField = fc.tuple(
  fc.constantFrom('offset', 'length', 'size', 'name', 'type', 'mode', 'link', 'mtime', 'inode', 'encoding', 'ea'),
  fc.oneof(
    numberText,
    fc.constantFrom('file', 'directory', 'symlink', 'hardlink', 'YQ==', '2024-01-01T00:00:00Z'),
    fc.string({ maxLength: 12 }),
  ),
  fc.constantFrom('', ' enctype="base64"', ' style="application/x-gzip"', ' type="original"', ' id="1"'),
);
const xarLeaf = fc
  .tuple(fc.array(xarField, { maxLength: 6 }), fc.boolean(), fc.nat(9))
  .map(
    ([fields, data, id]) =>
      `<file id="${id}">${fields.map(([k, v, a]) => `<${k}${a}>${v}</${k}>`).join('')}` +
      (data
        ? `<data><offset>20</offset><length>5</length><size>5</size><encoding style="application/octet-stream"/></data>`
        : ''),
  );
/** A file element, maybe a folder holding up to two more (two levels: deep enough for the rules on nesting). */
const xarFile = fc
  .tuple(xarLeaf, fc.array(xarLeaf, { maxLength: 2 }))
  .map(([parent, children]) => `${parent}${children.map((child) => `${child}</file>`).join('')}</file>`);

export const xarGenerator: fc.Arbitrary<Uint8Array> = fc
  .record({
    files: fc.array(xarFile, { maxLength: 4 }),
    algorithm: fc.constantFrom(1, 1, 2, 3, 0, 7),
    goodSum: fc.boolean(),
    heap: fc.uint8Array({ maxLength: 64 }),
    lengthDelta: fc.constantFrom(0, 0, 0, 1, -1, 2 ** 40),
  })
  .map(({ files, algorithm, goodSum, heap, lengthDelta }) => {
    const digest = algorithm === 2 ? 'md5' : 'sha1';
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?><xar><toc><checksum style="${digest}"><offset>0</offset>` +
      `<size>${digest === 'md5' ? 16 : 20}</size></checksum>${files.join('')}</toc></xar>`;
    const plain = utf8(xml);
    const toc = deflateSync(plain);
    const sum = createHash(digest).update(toc).digest();
    if (!goodSum) sum[0]! ^= 1;
    const name = algorithm === 3 ? utf8('sha256\0\0') : new Uint8Array(0);
    const header = concat(
      utf8('xar!'),
      Uint8Array.of(0, 28 + name.length, 0, 1),
      u64be(toc.length),
      u64be(plain.length + lengthDelta),
      u32be(algorithm),
    );
    return concat(header, name, toc, sum, heap);
  });

const lz4Block = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.array(fc.tuple(fc.nat(20), fc.nat(0xffff)), { maxLength: 4 }))
    .map(([literals, matches]) =>
      concat(
        ...matches.map(([length, offset]) =>
          concat(Uint8Array.of(0x10 | Math.min(15, length)), literals.subarray(0, 1), u16le(offset)),
        ),
        Uint8Array.of(Math.min(15, literals.length) << 4),
        literals.length >= 15 ? Uint8Array.of(literals.length - 15) : new Uint8Array(0),
        literals,
      ),
    ),
);

const lz4Frame = fc
  .record({
    flags: fc.nat(0x3f),
    blockMax: fc.nat(7),
    contentSize: fc.oneof(fc.nat(1000), fc.constantFrom(0, 2 ** 32, 2 ** 53 - 1)),
    blocks: fc.array(fc.tuple(lz4Block, fc.boolean(), fc.boolean()), { maxLength: 4 }),
    ending: fc.boolean(),
  })
  .map(({ flags, blockMax, contentSize, blocks, ending }) => {
    const flg = 0x40 | flags;
    const descriptor = concat(
      Uint8Array.of(flg, blockMax << 4),
      flg & 0x08 ? concat(u32le(contentSize >>> 0), u32le(Math.floor(contentSize / 2 ** 32))) : new Uint8Array(0),
      flg & 0x01 ? u32le(7) : new Uint8Array(0),
    );
    const parts = [u32le(0x184d2204), descriptor, Uint8Array.of((xxh32(descriptor) >>> 8) & 0xff)];
    for (const [data, raw, goodSum] of blocks) {
      parts.push(u32le(data.length | (raw ? 0x80000000 : 0)), data);
      if (flg & 0x10) parts.push(u32le(goodSum ? xxh32(data) : 1));
    }
    if (ending) parts.push(u32le(0), flg & 0x04 ? u32le(0) : new Uint8Array(0));
    return concat(...parts);
  });

const otherFrame = fc.oneof(
  fc
    .tuple(fc.nat(15), fc.uint8Array({ maxLength: 30 }))
    .map(([low, data]) => concat(u32le(0x184d2a50 + low), u32le(data.length), data)),
  fc
    .array(lz4Block, { maxLength: 3 })
    .map((blocks) => concat(u32le(0x184c2102), ...blocks.map((b) => concat(u32le(b.length), b)))),
);

export const lz4Generator: fc.Arbitrary<Uint8Array> = fc
  .array(fc.oneof({ weight: 3, arbitrary: lz4Frame }, { weight: 1, arbitrary: otherFrame }), { minLength: 1, maxLength: 3 })
  .map((frames) => concat(...frames));

const rawName = fc.oneof(
  fc.string({ maxLength: 20 }).map(utf8),
  fc.uint8Array({ minLength: 1, maxLength: 20 }),
  fc.constantFrom(
    Uint8Array.of(0x82, 0xa0, 0x82, 0xa2), // Shift_JIS
    Uint8Array.of(0x8f, 0xe0, 0xa8, 0xa2, 0xa5, 0xe2), // CP866
    Uint8Array.of(0x81, 0x94, 0x2f, 0x9a), // CP437
    Uint8Array.of(0xc3, 0x28, 0xa0, 0xa1), // not UTF-8
  ),
);

const zipEntry = fc.record({
  name: rawName,
  utf8Flag: fc.boolean(),
  madeBy: fc.constantFrom(0, 3, 10, 11, 19, 0xff),
  content: fc.uint8Array({ maxLength: 64 }),
  unicodePath: fc.option(fc.tuple(rawName, fc.constantFrom(1, 2, 0), fc.boolean()), { nil: undefined }),
  extra: fc.uint8Array({ maxLength: 12 }),
});

type ZipEntry = typeof zipEntry extends fc.Arbitrary<infer T> ? T : never;

/** A stored zip of the entries: local headers, central directory and end record, all consistent. */
export const zipGenerator: fc.Arbitrary<Uint8Array> = fc.array(zipEntry, { minLength: 1, maxLength: 5 }).map((entries) => {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const extra = concat(unicodeField(e), e.extra);
    const crc = crc32(e.content);
    const common = concat(
      u16le(20),
      u16le(e.utf8Flag ? 0x800 : 0),
      u16le(0),
      u32le(0x5b000000),
      u32le(crc),
      u32le(e.content.length),
      u32le(e.content.length),
      u16le(e.name.length),
      u16le(extra.length),
    );
    const local = concat(u32le(0x04034b50), common, e.name, extra, e.content);
    centrals.push(
      concat(
        u32le(0x02014b50),
        Uint8Array.of(20, e.madeBy),
        common,
        u16le(0),
        u16le(0),
        u16le(0),
        u32le(0),
        u32le(offset),
        e.name,
        extra,
      ),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = concat(...centrals);
  const end = concat(
    u32le(0x06054b50),
    u32le(0),
    u16le(entries.length),
    u16le(entries.length),
    u32le(central.length),
    u32le(offset),
    u16le(0),
  );
  return concat(...locals, central, end);
});

function unicodeField(e: ZipEntry): Uint8Array {
  if (!e.unicodePath) return new Uint8Array(0);
  const [name, version, rightCrc] = e.unicodePath;
  const data = concat(Uint8Array.of(version), u32le(rightCrc ? crc32(e.name) : 0), name);
  return concat(u16le(0x7075), u16le(data.length), data);
}
