import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { body, concat, end, header, pax } from '../../packages/engine/src/tar/tar-writer.js';

/**
 * Structure-aware inputs for the tar reader and the gzip member reader: headers whose fields
 * are drawn from the values that matter (typeflags the reader treats apart, sizes at the edges,
 * PAX and GNU sparse records with numbers that lie), joined with content of any length.
 */

const number = fc.oneof(
  fc.nat(4096),
  fc.constantFrom(0, 1, 511, 512, 513, 2 ** 31 - 1, 2 ** 32, 2 ** 33, 2 ** 53 - 1, 8 * 2 ** 30),
);
const numberText = fc.oneof(
  number.map(String),
  fc.constantFrom('', '-1', '1e9', '0x10', ' 12', '12 ', '99999999999999999999999', 'NaN', '1.5', '٣'),
);

const PAX_KEYS = [
  'path',
  'linkpath',
  'size',
  'mtime',
  'GNU.sparse.map',
  'GNU.sparse.size',
  'GNU.sparse.realsize',
  'GNU.sparse.name',
  'GNU.sparse.major',
  'GNU.sparse.minor',
  'GNU.sparse.numblocks',
  'GNU.sparse.offset',
  'GNU.sparse.numbytes',
  'SCHILY.realsize',
  'hdrcharset',
] as const;

const sparseMap = fc.array(number, { maxLength: 12 }).map((values) => values.join(','));
const paxValue = fc.oneof(numberText, sparseMap, fc.string({ maxLength: 40 }), fc.constant('1'), fc.constant('0'));
const paxRecords = fc.array(fc.tuple(fc.constantFrom(...PAX_KEYS), paxValue), { minLength: 1, maxLength: 8 });

const TYPEFLAGS = ['0', '\0', '1', '2', '3', '5', '6', '7', 'S', 'L', 'K', 'x', 'g', 'X', 'A', 'D', 'M', 'N', 'V', 'Z'];

const name = fc.oneof(
  fc.constantFrom('a', 'dir/', 'a/b/c.txt', '../up', '/abs', 'x'.repeat(100), ''),
  fc.string({ maxLength: 120 }),
);

const member = fc.record({
  name,
  typeflag: fc.constantFrom(...TYPEFLAGS),
  size: number,
  linkName: fc.constantFrom('', 'a', '../../etc/passwd', 'dir/'),
  magic: fc.constantFrom('ustar' as const, 'gnu' as const, 'v7' as const),
  prefix: fc.constantFrom('', 'pre', 'p'.repeat(155)),
  base256: fc.boolean(),
  checksum: fc.constantFrom('unsigned' as const, 'signed' as const, 'bad' as const),
  content: fc.uint8Array({ maxLength: 2048 }),
  /** Raw bytes over the old GNU sparse area (offset 386: four segments, an extension flag, a real size). */
  sparseArea: fc.option(fc.uint8Array({ minLength: 1, maxLength: 126 }), { nil: undefined }),
  pax: fc.option(fc.tuple(paxRecords, fc.constantFrom('x', 'g', 'X')), { nil: undefined }),
  gnuLong: fc.option(fc.tuple(fc.constantFrom('L' as const, 'K' as const), fc.uint8Array({ maxLength: 300 })), {
    nil: undefined,
  }),
});

type Member = typeof member extends fc.Arbitrary<infer T> ? T : never;

function memberBytes(m: Member): Uint8Array {
  const parts: Uint8Array[] = [];
  if (m.pax) parts.push(pax(m.pax[0], m.pax[1]));
  if (m.gnuLong) {
    parts.push(header({ name: '././@LongLink', typeflag: m.gnuLong[0], size: m.gnuLong[1].length, magic: 'gnu' }));
    parts.push(body(m.gnuLong[1]));
  }
  const sparseArea = m.sparseArea;
  parts.push(
    header({
      name: m.name,
      typeflag: m.typeflag,
      size: m.size,
      linkName: m.linkName,
      magic: m.magic,
      prefix: m.prefix,
      base256: m.base256,
      checksum: m.checksum,
      ...(sparseArea && { edit: (block: Uint8Array) => block.set(sparseArea, 386) }),
    }),
  );
  parts.push(body(m.content));
  return concat(...parts);
}

export const tarGenerator: fc.Arbitrary<Uint8Array> = fc
  .tuple(fc.array(member, { minLength: 1, maxLength: 4 }), fc.nat(2))
  .map(([members, endBlocks]) => concat(...members.map(memberBytes), end(endBlocks)));

/** Gzip members (the header flags and fields at random) holding generated tars, then anything. */
export const gzipGenerator: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.array(
      fc.record({
        tar: tarGenerator,
        flags: fc.nat(255),
        extra: fc.uint8Array({ maxLength: 40 }),
        text: fc.uint8Array({ maxLength: 40 }),
        trailer: fc.option(fc.uint8Array({ minLength: 8, maxLength: 8 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    fc.uint8Array({ maxLength: 64 }),
  )
  .map(([members, tail]) => concat(...members.map(gzipMember), tail));

function gzipMember(m: {
  tar: Uint8Array;
  flags: number;
  extra: Uint8Array;
  text: Uint8Array;
  trailer?: Uint8Array | undefined;
}) {
  const plain = gzipSync(m.tar);
  const deflated = plain.subarray(10, plain.length - 8);
  const head = Uint8Array.from([0x1f, 0x8b, 8, m.flags, 0, 0, 0, 0, 0, 3]);
  const fields: Uint8Array[] = [];
  if (m.flags & 4) fields.push(Uint8Array.from([m.extra.length & 0xff, m.extra.length >> 8]), m.extra);
  if (m.flags & 8) fields.push(m.text, Uint8Array.of(0));
  if (m.flags & 16) fields.push(m.text, Uint8Array.of(0));
  if (m.flags & 2) fields.push(Uint8Array.of(0, 0));
  return concat(head, ...fields, deflated, m.trailer ?? plain.subarray(plain.length - 8));
}
