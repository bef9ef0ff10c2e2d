import { CpioFallback, extractCpioStream, listCpioStream } from '../packages/engine/src/cpio/cpio-backend.js';
import { CpioError, CpioReader } from '../packages/engine/src/cpio/cpio-reader.js';
import type { StreamInfo } from '../packages/engine/src/core/types.js';
import { zlibCodec } from '../packages/engine/src/host-node/zlib-codec.js';
import { zlibStream } from '../packages/engine/src/host-node/zlib-stream.js';
import { extractIso, IsoFallback, listIso } from '../packages/engine/src/iso/iso-backend.js';
import { extractLz4, listLz4 } from '../packages/engine/src/lz4/lz4-backend.js';
import { decodeLz4 } from '../packages/engine/src/lz4/lz4-frame.js';
import { extractLzhStream, listLzhStream, LzhFallback } from '../packages/engine/src/lzh/lzh-backend.js';
import { LzhFormatError } from '../packages/engine/src/lzh/lzh-huffman.js';
import { LzhError, LzhReader } from '../packages/engine/src/lzh/lzh-reader.js';
import { GzipFailure, gunzip } from '../packages/engine/src/tar/gzip-reader.js';
import { extractTarStream, listTarStream, TarFallback } from '../packages/engine/src/tar/tar-backend.js';
import { extractTarGz, listTarGz } from '../packages/engine/src/tar/tar-gz-backend.js';
import { TarError, TarReader } from '../packages/engine/src/tar/tar-reader.js';
import { checkXarArchive } from '../packages/engine/src/xar/xar-toc-check.js';
import { extractZip, listZip, ZipFallback } from '../packages/engine/src/zip/zip-backend.js';
import { chooseLegacyDecoder, decodeStoredText, isLegacyName } from '../packages/engine/src/zip/zip-names.js';
import { MemorySink, memorySource } from '../packages/engine/src/testing/memory-io.js';
import { fixLz4HeaderChecksum, fixLzhHeaderSum, fixTarChecksums, fixXarChecksum } from './fixups.js';
import { cpioGenerator, lzhGenerator } from './generators/cpio-lzh.js';
import { isoGenerator } from './generators/iso.js';
import { gzipGenerator, tarGenerator } from './generators/tar-like.js';
import { lz4Generator, xarGenerator, zipGenerator } from './generators/xar-lz4-zip.js';
import { drain, drainStream, FUZZ_LIMITS, STREAM_CHUNK, type FuzzTarget, type Phase } from './target.js';

/**
 * Every hand-written reader of the engine, each called in this process the way the engine calls
 * it: the bare reader (every entry and all its content), then its listing and its extraction into
 * memory with small limits.
 */

const stream = (bytes: Uint8Array) => memorySource(bytes, 'fuzz', STREAM_CHUNK).stream();
const source = (bytes: Uint8Array, name = 'fuzz') => memorySource(bytes, name, STREAM_CHUNK);
const sink = () => new MemorySink({ writeBytes: true });
const info = (format: string, bytes: Uint8Array): StreamInfo => ({
  format,
  archiveBytes: bytes.length,
  bytesTotal: bytes.length,
});

function streamPhases(
  format: string,
  reader: Phase,
  backend: { list: typeof listTarStream; extract: typeof extractTarStream; fallback: Phase['expected'][number] },
): Phase[] {
  return [
    reader,
    { name: 'list', expected: [backend.fallback], run: (b) => backend.list(stream(b), {}, info(format, b)) },
    {
      name: 'extract',
      expected: [backend.fallback],
      run: (b) => backend.extract(stream(b), sink(), FUZZ_LIMITS, {}, info(format, b)),
    },
  ];
}

const tar: FuzzTarget = {
  name: 'tar',
  seedFormats: ['tar'],
  stride: 512,
  fields: [
    { offset: 124, width: 12 },
    { offset: 136, width: 12 },
    { offset: 148, width: 8 },
    { offset: 386, width: 12 },
    { offset: 398, width: 12 },
    { offset: 482, width: 1 },
    { offset: 483, width: 12 },
    { offset: 156, width: 1 },
  ],
  generator: tarGenerator,
  fixup: fixTarChecksums,
  phases: streamPhases(
    'tar',
    { name: 'reader', expected: [TarError], run: (b) => drain(new TarReader(stream(b))) },
    { list: listTarStream, extract: extractTarStream, fallback: TarFallback },
  ),
};

const gzip: FuzzTarget = {
  name: 'gzip',
  seedFormats: ['tar.gz', 'gz', 'cpio.gz'],
  stride: 0,
  fields: [
    { offset: 3, width: 1 },
    { offset: 10, width: 2 },
    { offset: 8, width: 1 },
  ],
  generator: gzipGenerator,
  phases: [
    { name: 'members', expected: [GzipFailure], run: (b) => drainStream(gunzip(source(b)).stream) },
    {
      name: 'members (zlib)',
      expected: [GzipFailure],
      run: (b) => drainStream(gunzip(source(b), () => zlibStream('gzip')).stream),
    },
    { name: 'list', expected: [TarFallback], run: (b) => listTarGz(source(b), {}) },
    { name: 'extract', expected: [TarFallback], run: (b) => extractTarGz(source(b), sink(), FUZZ_LIMITS, {}, zlibCodec) },
  ],
};

const cpio: FuzzTarget = {
  name: 'cpio',
  seedFormats: ['cpio'],
  stride: 0,
  fields: [
    { offset: 14, width: 8 },
    { offset: 38, width: 8 },
    { offset: 54, width: 8 },
    { offset: 94, width: 8 },
    { offset: 59, width: 6 },
    { offset: 65, width: 11 },
    { offset: 20, width: 2 },
  ],
  generator: cpioGenerator,
  phases: streamPhases(
    'cpio',
    { name: 'reader', expected: [CpioError], run: (b) => drain(new CpioReader(stream(b))) },
    { list: listCpioStream, extract: extractCpioStream, fallback: CpioFallback },
  ),
};

const lzh: FuzzTarget = {
  name: 'lzh',
  seedFormats: ['lzh'],
  stride: 0,
  fields: [
    { offset: 0, width: 1 },
    { offset: 0, width: 2 },
    { offset: 7, width: 4 },
    { offset: 11, width: 4 },
    { offset: 20, width: 1 },
    { offset: 21, width: 1 },
    { offset: 24, width: 2 },
    { offset: 24, width: 4 },
  ],
  generator: lzhGenerator,
  fixup: fixLzhHeaderSum,
  phases: streamPhases(
    'lzh',
    { name: 'reader', expected: [LzhError, LzhFormatError], run: (b) => drain(new LzhReader(stream(b))) },
    { list: listLzhStream, extract: extractLzhStream, fallback: LzhFallback },
  ),
};

const PVD = 16 * 2048;
const ROOT = 20 * 2048;

const iso: FuzzTarget = {
  name: 'iso',
  seedFormats: ['iso'],
  stride: 0,
  fields: [
    { offset: PVD + 80, width: 8 },
    { offset: PVD + 128, width: 4 },
    { offset: PVD + 156 + 2, width: 8 },
    { offset: PVD + 156 + 10, width: 8 },
    { offset: ROOT + 68 + 2, width: 8 },
    { offset: ROOT + 68 + 10, width: 8 },
    { offset: ROOT + 68, width: 1 },
    { offset: ROOT + 68 + 32, width: 1 },
  ],
  generator: isoGenerator,
  phases: [
    { name: 'list', expected: [IsoFallback], run: (b) => listIso(source(b), {}) },
    { name: 'extract', expected: [IsoFallback], run: (b) => extractIso(source(b), sink(), FUZZ_LIMITS, {}) },
  ],
};

const xar: FuzzTarget = {
  name: 'xar',
  seedFormats: ['xar'],
  stride: 0,
  fields: [
    { offset: 4, width: 2 },
    { offset: 8, width: 8 },
    { offset: 16, width: 8 },
    { offset: 24, width: 4 },
  ],
  generator: xarGenerator,
  fixup: fixXarChecksum,
  phases: [{ name: 'check', expected: [], run: (b) => checkXarArchive(source(b)) }],
};

const lz4: FuzzTarget = {
  name: 'lz4',
  seedFormats: ['tar.lz4'],
  stride: 0,
  fields: [
    { offset: 4, width: 1 },
    { offset: 5, width: 1 },
    { offset: 6, width: 8 },
    { offset: 7, width: 4 },
    { offset: 15, width: 4 },
  ],
  generator: lz4Generator,
  fixup: fixLz4HeaderChecksum,
  phases: [
    { name: 'decode', expected: [], run: (b) => decodeLz4(b, FUZZ_LIMITS.maxTotalBytes) },
    { name: 'list', expected: [], run: (b) => listLz4(source(b, 'fuzz.tar.lz4'), FUZZ_LIMITS, {}) },
    { name: 'extract', expected: [], run: (b) => extractLz4(source(b, 'fuzz.tar.lz4'), sink(), FUZZ_LIMITS, {}) },
  ],
};

/** Zip names as the zip backend decodes them: the pieces of the input between zero bytes as raw names. */
async function decodeNames(bytes: Uint8Array): Promise<void> {
  const names: Uint8Array[] = [];
  for (let start = 0, at = 0; at <= bytes.length; at += 1) {
    if (at === bytes.length || bytes[at] === 0) {
      names.push(bytes.subarray(start, at));
      start = at + 1;
    }
  }
  const decoder = chooseLegacyDecoder(names.filter(isLegacyName));
  for (const name of names) decodeStoredText(name, decoder);
}

const zip: FuzzTarget = {
  name: 'zip',
  seedFormats: ['zip'],
  stride: 0,
  fields: [
    { offset: 18, width: 4 },
    { offset: 22, width: 4 },
    { offset: 26, width: 2 },
    { offset: 28, width: 2 },
    { offset: 6, width: 2 },
  ],
  generator: zipGenerator,
  phases: [
    { name: 'names', expected: [], run: decodeNames },
    { name: 'list', expected: [ZipFallback], run: (b) => listZip([source(b)], {}) },
    { name: 'extract', expected: [ZipFallback], run: (b) => extractZip([source(b)], sink(), FUZZ_LIMITS, {}, zlibCodec) },
  ],
};

export const TARGETS: readonly FuzzTarget[] = [tar, gzip, cpio, lzh, iso, xar, lz4, zip];
