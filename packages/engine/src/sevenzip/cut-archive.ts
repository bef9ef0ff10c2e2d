import { crc32 } from 'hash-wasm';

/**
 * One solid block of a 7z written around packed bytes taken from another 7z: an LZMA2 stream
 * (the original's, from a dictionary reset on) and the files it unpacks to, in order.
 */
export interface CutFolder {
  /** The LZMA2 property byte (its dictionary size: lzma2-resets.ts). */
  dictionaryProperty: number;
  packedSize: number;
  unpackedSize: number;
  streams: CutStream[];
}

/** A file of such a block. `modified`: a Windows FILETIME (100 ns since 1601), as 7-Zip gives its files on extraction. */
export interface CutStream {
  name: string;
  size: number;
  crc: number | null;
  modified: bigint | null;
}

/** What goes before and after the packed bytes to make them a 7z that 7-Zip opens. */
export interface CutArchiveFrame {
  head: Uint8Array;
  tail: Uint8Array;
}

const SIGNATURE = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04];
const LZMA2_ID = 0x21;
// Property ids of the 7z header (7-Zip's 7zFormat.txt).
const K_END = 0x00;
const K_HEADER = 0x01;
const K_MAIN_STREAMS_INFO = 0x04;
const K_FILES_INFO = 0x05;
const K_PACK_INFO = 0x06;
const K_UNPACK_INFO = 0x07;
const K_SUBSTREAMS_INFO = 0x08;
const K_SIZE = 0x09;
const K_CRC = 0x0a;
const K_FOLDER = 0x0b;
const K_CODERS_UNPACK_SIZE = 0x0c;
const K_NUM_UNPACK_STREAM = 0x0d;
const K_NAME = 0x11;
const K_MTIME = 0x14;

/**
 * The start header and the (plain, not packed) end header of a 7z whose packed streams are the
 * folders' `packedSize` bytes, one after another from offset 32
 * (docs/decisions/043-sevenzip-cut-inside-a-block.md). Every stream's CRC that is known is
 * written, so 7-Zip checks what it extracts as it would in the original. Only what extracting
 * needs is written: names, sizes, CRCs and modification times (no attributes: the other instance
 * gets regular files only). `crc32Now`: the host's CRC-32 where it has one at hand (Node's zlib);
 * hash-wasm's is loaded otherwise, which on Node costs a turn of the event loop
 * (ArchiveSource.readNow).
 */
export async function cutArchiveFrame(
  folders: readonly CutFolder[],
  crc32Now?: (bytes: Uint8Array) => number,
): Promise<CutArchiveFrame> {
  const crcOf = async (bytes: Uint8Array) => crc32Now?.(bytes) ?? Number.parseInt(await crc32(bytes), 16);
  const out = new ByteWriter();
  out.byte(K_HEADER, K_MAIN_STREAMS_INFO, K_PACK_INFO);
  out.number(0); // the packed streams start right after the start header
  out.number(folders.length);
  out.byte(K_SIZE);
  for (const folder of folders) out.number(folder.packedSize);
  out.byte(K_END, K_UNPACK_INFO, K_FOLDER);
  out.number(folders.length);
  out.byte(0); // not external
  for (const folder of folders) {
    out.number(1); // one coder: 1-byte id, with properties
    out.byte(0x20 | 1, LZMA2_ID);
    out.number(1);
    out.byte(folder.dictionaryProperty);
  }
  out.byte(K_CODERS_UNPACK_SIZE);
  for (const folder of folders) out.number(folder.unpackedSize);
  out.byte(K_END, K_SUBSTREAMS_INFO, K_NUM_UNPACK_STREAM);
  for (const folder of folders) out.number(folder.streams.length);
  out.byte(K_SIZE);
  for (const folder of folders) for (const stream of folder.streams.slice(0, -1)) out.number(stream.size);
  const streams = folders.flatMap((folder) => folder.streams);
  out.byte(K_CRC);
  if (streams.every((stream) => stream.crc !== null)) out.byte(1);
  else {
    out.byte(0);
    out.bits(streams.map((stream) => stream.crc !== null));
  }
  for (const { crc } of streams) if (crc !== null) out.uint32(crc);
  out.byte(K_END, K_END, K_FILES_INFO);
  out.number(streams.length);
  const names = streams.map((stream) => utf16le(`${stream.name}\0`));
  out.byte(K_NAME);
  out.number(1 + names.reduce((sum, name) => sum + name.length, 0));
  out.byte(0); // not external
  for (const name of names) out.bytes(name);
  const times = streams.map((stream) => stream.modified);
  if (times.some((time) => time !== null)) {
    const defined = times.filter((time) => time !== null);
    const all = defined.length === times.length;
    out.byte(K_MTIME);
    out.number(1 + (all ? 0 : Math.ceil(times.length / 8)) + 1 + 8 * defined.length);
    out.byte(all ? 1 : 0);
    if (!all) out.bits(times.map((time) => time !== null));
    out.byte(0); // not external
    for (const time of defined) out.uint64(time);
  }
  out.byte(K_END, K_END);
  const tail = out.result();

  const start = new ByteWriter();
  start.uint64(BigInt(folders.reduce((sum, folder) => sum + folder.packedSize, 0)));
  start.uint64(BigInt(tail.length));
  start.uint32(await crcOf(tail));
  const startHeader = start.result();
  const head = new Uint8Array(32);
  head.set(SIGNATURE, 0);
  new DataView(head.buffer).setUint32(8, await crcOf(startHeader), true);
  head.set(startHeader, 12);
  return { head, tail };
}

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    bytes[i * 2] = unit & 0xff;
    bytes[i * 2 + 1] = unit >> 8;
  }
  return bytes;
}

/** Little-endian bytes, 7z's variable-length numbers and bit vectors. */
class ByteWriter {
  private readonly parts: number[] = [];

  byte(...values: number[]): void {
    for (const value of values) this.parts.push(value & 0xff);
  }

  bytes(values: Uint8Array): void {
    for (const value of values) this.parts.push(value);
  }

  uint32(value: number): void {
    for (let i = 0; i < 4; i += 1) this.parts.push(Math.floor(value / 2 ** (8 * i)) & 0xff);
  }

  uint64(value: bigint): void {
    for (let i = 0n; i < 8n; i += 1n) this.parts.push(Number((value >> (8n * i)) & 0xffn));
  }

  /**
   * 7z's NUMBER: a first byte whose leading ones count the little-endian bytes that follow, its
   * other bits the value's highest ones.
   */
  number(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a 7z number: ${value}`);
    for (let extra = 0; extra < 8; extra += 1) {
      if (value < 2 ** (7 * (extra + 1))) {
        const high = Math.floor(value / 2 ** (8 * extra));
        this.byte((0xff00 >> extra) | high);
        for (let i = 0; i < extra; i += 1) this.byte(Math.floor(value / 2 ** (8 * i)));
        return;
      }
    }
    this.byte(0xff);
    this.uint64(BigInt(value));
  }

  /** Booleans, eight to a byte, the first in the highest bit. */
  bits(values: readonly boolean[]): void {
    for (let i = 0; i < values.length; i += 8) {
      let byte = 0;
      for (let bit = 0; bit < 8; bit += 1) if (values[i + bit]) byte |= 0x80 >> bit;
      this.byte(byte);
    }
  }

  result(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}
