import fc from 'fast-check';
import { deflateSync } from 'node:zlib';
import { concat } from '../mutations.js';

/**
 * Structure-aware ISO 9660 images: a primary descriptor (and maybe a Joliet one) whose root
 * folder (sector 20) holds records with random extents, sizes and flags, and Rock Ridge entries
 * (SP, NM, SL, PX, CE, CL, RE, ZF) with random fields; sector 21 is a subfolder, sectors 22 on
 * hold content, a zisofs file among it.
 */

const SECTOR = 2048;
const SECTORS = 26;

const both32 = (v: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setUint32(0, v >>> 0, true);
  new DataView(b.buffer).setUint32(4, v >>> 0, false);
  return b;
};
const both16 = (v: number) => Uint8Array.of(v & 0xff, (v >> 8) & 0xff, (v >> 8) & 0xff, v & 0xff);
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

const extent = fc.oneof(fc.integer({ min: 16, max: SECTORS + 2 }), fc.constantFrom(0, 0xffffffff, 0x7fffffff));
const length = fc.oneof(fc.nat(3 * SECTOR), fc.constantFrom(0, SECTOR, 0xffffffff, 0x80000000));

const susp = fc.oneof(
  fc.record({ sig: fc.constant('NM'), flags: fc.nat(7), text: fc.uint8Array({ maxLength: 30 }) }),
  fc.record({ sig: fc.constant('SL'), flags: fc.nat(1), text: fc.uint8Array({ maxLength: 30 }) }),
  fc.record({ sig: fc.constant('PX'), flags: fc.constant(0), text: fc.uint8Array({ minLength: 32, maxLength: 40 }) }),
  fc.record({
    sig: fc.constantFrom('CE', 'CL', 'PL', 'ZF', 'RE', 'TF', 'RR', 'ST', 'SP', 'ER'),
    flags: fc.nat(255),
    text: fc.uint8Array({ maxLength: 28 }),
  }),
  fc.record({
    sig: fc.constant('CE'),
    flags: fc.constant(1),
    text: fc.tuple(extent, fc.nat(SECTOR), fc.nat(SECTOR)).map(([e, o, l]) => concat(both32(e), both32(o), both32(l))),
  }),
  fc.record({
    sig: fc.constant('ZF'),
    flags: fc.constant(2),
    text: fc.tuple(fc.nat(20), length).map(([log, size]) => concat(ascii('pz'), Uint8Array.of(4, log), both32(size))),
  }),
);

type Susp = typeof susp extends fc.Arbitrary<infer T> ? T : never;

function suspBytes(entries: readonly Susp[]): Uint8Array {
  return concat(
    ...entries.map((e) => {
      // SL components are (flags, length, bytes); NM carries flags then the name piece.
      const data = e.sig === 'SL' ? concat(Uint8Array.of(0, e.text.length), e.text) : e.text;
      return concat(ascii(e.sig), Uint8Array.of(Math.min(255, 5 + data.length), 1, e.flags), data);
    }),
  );
}

function record(name: Uint8Array, at: number, size: number, flags: number, systemUse: Uint8Array): Uint8Array {
  const padName = name.length % 2 === 0 ? 1 : 0;
  const total = Math.min(255, 33 + name.length + padName + systemUse.length);
  const bytes = concat(
    Uint8Array.of(total & 0xfe, 0),
    both32(at),
    both32(size),
    Uint8Array.of(124, 1, 2, 3, 4, 5, 0, flags, 0, 0),
    both16(1),
    Uint8Array.of(name.length),
    name,
    new Uint8Array(padName),
    systemUse,
  );
  return bytes.subarray(0, total & 0xfe);
}

const entry = fc.record({
  name: fc.oneof(
    fc.constantFrom('A.TXT;1', 'DIR', 'B'),
    fc.uint8Array({ minLength: 1, maxLength: 12 }).map((b) => String.fromCharCode(...b)),
  ),
  extent,
  size: length,
  flags: fc.constantFrom(0, 2, 0x80, 0x82, 1, 4),
  susp: fc.array(susp, { maxLength: 4 }),
});

const spEntry = Uint8Array.of(0x53, 0x50, 7, 1, 0xbe, 0xef, 0);

export const isoGenerator: fc.Arbitrary<Uint8Array> = fc
  .record({
    entries: fc.array(entry, { minLength: 1, maxLength: 6 }),
    joliet: fc.boolean(),
    rockRidge: fc.boolean(),
    content: fc.uint8Array({ maxLength: 600 }),
    zisofsLog2: fc.constantFrom(15, 16, 17, 0, 31),
  })
  .map(({ entries, joliet, rockRidge, content, zisofsLog2 }) => {
    const image = new Uint8Array(SECTORS * SECTOR);
    const root = (at: number) => record(Uint8Array.of(0), at, SECTOR, 2, new Uint8Array(0));
    const descriptor = (type: number) => {
      const sector = new Uint8Array(SECTOR);
      sector.set(concat(Uint8Array.of(type), ascii('CD001'), Uint8Array.of(1)));
      sector.set(both32(SECTORS), 80);
      sector.set(both16(SECTOR), 128);
      sector.set(root(20), 156);
      return sector;
    };
    image.set(descriptor(1), 16 * SECTOR);
    if (joliet) {
      const svd = descriptor(2);
      svd.set(ascii('%/E'), 88);
      image.set(svd, 17 * SECTOR);
    }
    image.set(concat(Uint8Array.of(255), ascii('CD001'), Uint8Array.of(1)), (joliet ? 18 : 17) * SECTOR);
    const self = record(Uint8Array.of(0), 20, SECTOR, 2, rockRidge ? spEntry : new Uint8Array(0));
    const records = [self, record(Uint8Array.of(1), 20, SECTOR, 2, new Uint8Array(0))];
    for (const e of entries)
      records.push(record(ascii(e.name), e.extent, e.size, e.flags, rockRidge ? suspBytes(e.susp) : new Uint8Array(0)));
    image.set(concat(...records).subarray(0, SECTOR), 20 * SECTOR);
    image.set(
      concat(
        record(Uint8Array.of(0), 21, SECTOR, 2, new Uint8Array(0)),
        record(Uint8Array.of(1), 20, SECTOR, 2, new Uint8Array(0)),
      ),
      21 * SECTOR,
    );
    image.set(content.subarray(0, SECTOR), 22 * SECTOR);
    image.set(zisofs(content, zisofsLog2), 23 * SECTOR);
    return image;
  });

/** A zisofs file (magic, size, header size/4, block log2, block table, deflated blocks) of `content`. */
function zisofs(content: Uint8Array, blockLog2: number): Uint8Array {
  const magic = Uint8Array.of(0x37, 0xe4, 0x53, 0x96, 0xc9, 0xdb, 0xd6, 0x07);
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, content.length, true);
  const block = deflateSync(content);
  const table = new Uint8Array(8);
  new DataView(table.buffer).setUint32(0, 24, true);
  new DataView(table.buffer).setUint32(4, 24 + block.length, true);
  return concat(magic, size, Uint8Array.of(4, blockLog2, 0, 0), table, block).subarray(0, 3 * SECTOR);
}
