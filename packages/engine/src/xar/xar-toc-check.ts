/**
 * A strict reading of a XAR archive's header and table of contents (the zlib-compressed XML
 * that lists every file and where its bytes lie in the heap that follows), done before 7-Zip
 * extracts it. The per-field rules are in xar-toc-fields.ts.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { adler32, md5, sha1, sha224, sha256, sha384, sha512 } from 'hash-wasm';
import { EngineError } from '../core/engine-error.js';
import type { ArchiveSource } from '../core/types.js';
import { checkTocFields, decimalValue, malformedToc, onlyChild, type XmlElement } from './xar-toc-fields.js';

const HEADER_BYTES = 28;
const MAGIC = 0x78617221; // "xar!"
/** Real tables of contents are kilobytes to a few megabytes; a bigger one is a decompression bomb. */
const MAX_TOC_BYTES = 64 * 1024 * 1024;
/**
 * Element nesting the parser accepts: `<xar><toc>` plus one `<file>` per folder level and a few
 * inside the deepest. The parser's default (100) would refuse folder trees deeper than about 95.
 */
const MAX_XML_DEPTH = 1024;

/** The digests a table of contents may be checksummed with, by the name XAR gives them. */
const DIGESTS: Record<string, { bytes: number; hex: (data: Uint8Array) => Promise<string> }> = {
  md5: { bytes: 16, hex: md5 },
  sha1: { bytes: 20, hex: sha1 },
  sha224: { bytes: 28, hex: sha224 },
  sha256: { bytes: 32, hex: sha256 },
  sha384: { bytes: 48, hex: sha384 },
  sha512: { bytes: 64, hex: sha512 },
};

interface XarHeader {
  headerSize: number;
  tocCompressedLength: number;
  tocLength: number;
  /** A key of DIGESTS. */
  checksumName: string;
}

/**
 * Resolves when `source` is a well-formed XAR archive (.xar, .pkg); throws a CORRUPT_ARCHIVE
 * EngineError naming the broken rule in `details.problem` otherwise, and never any other error.
 *
 * Why: 7-Zip reads malformed XAR tables of contents without complaint (two names for one file,
 * a base64 name that does not decode, numbers and times with trailing junk), so what it extracts
 * depends on how it happens to resolve each ambiguity, and other tools resolve them differently.
 * Refusing such archives here, before anything is written, gives one answer on every host.
 */
export async function checkXarArchive(source: ArchiveSource): Promise<void> {
  try {
    const header = await readHeader(source);
    const tocStart = header.headerSize;
    const heapStart = tocStart + header.tocCompressedLength;
    const compressedToc = await readExactly(source, tocStart, header.tocCompressedLength);
    const toc = parseToc(await inflateToc(compressedToc, header.tocLength));
    const heap = { start: heapStart, length: source.size - heapStart };
    await checkTocChecksum(source, toc, header.checksumName, compressedToc, heap);
    checkTocFields(toc, heap.length);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw damaged('The archive is damaged: it could not be read as XAR.', 'unreadable', error);
  }
}

function damaged(message: string, problem: string, cause?: unknown): EngineError {
  const details = cause instanceof Error ? { problem, cause: cause.message } : { problem };
  return new EngineError('CORRUPT_ARCHIVE', message, details);
}

function badHeader(problem: string): EngineError {
  return damaged('The archive is damaged: its XAR header is invalid.', problem);
}

async function readExactly(source: ArchiveSource, offset: number, length: number): Promise<Uint8Array> {
  const bytes = await source.read(offset, length);
  if (bytes.length !== length) throw damaged('The archive is truncated.', 'truncated');
  return bytes;
}

async function readHeader(source: ArchiveSource): Promise<XarHeader> {
  const fixed = await source.read(0, Math.min(HEADER_BYTES, source.size));
  const view = new DataView(fixed.buffer, fixed.byteOffset, fixed.byteLength);
  if (fixed.length < 4 || view.getUint32(0) !== MAGIC) throw badHeader('bad magic');
  if (fixed.length < HEADER_BYTES) throw badHeader('truncated header');
  const headerSize = view.getUint16(4);
  if (headerSize < HEADER_BYTES || headerSize > source.size) throw badHeader('bad header size');
  if (view.getUint16(6) !== 1) throw badHeader('unsupported version');

  const tocCompressedLength = safeLength(view.getBigUint64(8));
  if (tocCompressedLength === 0) throw badHeader('empty table of contents');
  if (tocCompressedLength > source.size - headerSize) {
    throw damaged(
      'The archive is truncated: its table of contents runs past the end of the file.',
      'truncated table of contents',
    );
  }
  const tocLength = safeLength(view.getBigUint64(16));
  if (tocLength === 0) throw badHeader('empty table of contents');
  if (tocLength > MAX_TOC_BYTES || tocCompressedLength > MAX_TOC_BYTES) {
    throw damaged('The archive is damaged: its table of contents is too large.', 'table of contents too large');
  }
  const checksumName = await checksumNameOf(source, view.getUint32(24), headerSize);
  return { headerSize, tocCompressedLength, tocLength, checksumName };
}

function safeLength(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw badHeader('header value too large');
  return Number(value);
}

/** 1 and 2 are SHA-1 and MD5; 3 names the algorithm in a NUL-terminated string after the fixed header. */
async function checksumNameOf(source: ArchiveSource, algorithm: number, headerSize: number): Promise<string> {
  if (algorithm === 0) {
    throw damaged('The archive cannot be verified: its table of contents carries no checksum.', 'no table of contents checksum');
  }
  if (algorithm === 1) return 'sha1';
  if (algorithm === 2) return 'md5';
  if (algorithm !== 3) throw badHeader('unsupported checksum algorithm');
  const extra = await readExactly(source, HEADER_BYTES, headerSize - HEADER_BYTES);
  const end = extra.indexOf(0);
  if (end < 0) throw badHeader('unterminated checksum name');
  const name = new TextDecoder().decode(extra.subarray(0, end)).toLowerCase();
  if (!Object.hasOwn(DIGESTS, name)) throw badHeader('unsupported checksum algorithm');
  return name;
}

/**
 * Inflates the zlib stream, refusing output beyond `expectedLength` as soon as it appears (the
 * declared length caps the memory a bomb can take) and output that falls short of it.
 */
async function inflateToc(compressed: Uint8Array, expectedLength: number): Promise<Uint8Array> {
  const output = new Uint8Array(expectedLength);
  let filled = 0;
  const reader = streamOf(compressed).pipeThrough(new DecompressionStream('deflate')).getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (chunk.value.length > expectedLength - filled) {
        await reader.cancel().catch(() => undefined);
        throw tocLengthMismatch();
      }
      output.set(chunk.value, filled);
      filled += chunk.value.length;
    }
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw damaged(
      'The archive is damaged: its table of contents cannot be decompressed.',
      'bad table of contents compression',
      error,
    );
  }
  if (filled !== expectedLength) throw tocLengthMismatch();
  await checkEndsAtTrailer(compressed, output);
  return output;
}

function streamOf(bytes: Uint8Array): ReadableStream<BufferSource> {
  return new ReadableStream<BufferSource>({
    start(controller) {
      // A copy: the stream takes only views of a plain ArrayBuffer, and `bytes` may view a shared one.
      controller.enqueue(bytes.slice());
      controller.close();
    },
  });
}

function tocLengthMismatch(): EngineError {
  return damaged(
    'The archive is damaged: its table of contents is not the size its header declares.',
    'table of contents length mismatch',
  );
}

/**
 * The zlib stream must end exactly where the header says the table of contents does: Node's
 * DecompressionStream ignores bytes after the end while browsers refuse them, so without this the
 * answer would depend on the host. A zlib stream ends with the Adler-32 of what it inflates to.
 */
async function checkEndsAtTrailer(compressed: Uint8Array, inflated: Uint8Array): Promise<void> {
  const trailer = toHex(compressed.subarray(compressed.length - 4));
  if (trailer !== (await adler32(inflated))) {
    throw damaged(
      'The archive is damaged: its table of contents has data after its end.',
      'trailing data after table of contents',
    );
  }
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function parseToc(bytes: Uint8Array): XmlElement {
  const text = decodeUtf8(bytes);
  // XAR writers never emit a DTD; refusing one outright keeps entity expansion out of the question.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw malformedToc('doctype or entity in table of contents');
  if (XMLValidator.validate(text) !== true) throw malformedToc('malformed xml');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    trimValues: true,
    alwaysCreateTextNode: true,
    // Every element as an array, attributes never: a repeated element (two <name>) stays visible.
    isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
    maxNestedTags: MAX_XML_DEPTH,
  });
  const document = elementOf(parseXml(parser, text));
  const xar = onlyChild(document, 'xar', 'xar element');
  return onlyChild(xar, 'toc', 'toc element');
}

/** The parser also refuses what its validator lets through (nesting too deep, `__proto__` as a tag name). */
function parseXml(parser: XMLParser, text: string): unknown {
  try {
    return parser.parse(text);
  } catch {
    throw malformedToc('malformed xml');
  }
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformedToc('table of contents is not utf-8');
  }
}

/** The parser's output (`{ tag: [...], '@_attr': '…', '#text': '…' }`) as an XmlElement. */
function elementOf(parsed: unknown): XmlElement {
  const attributes = new Map<string, string>();
  const children = new Map<string, XmlElement[]>();
  let text = typeof parsed === 'string' ? parsed : '';
  if (typeof parsed === 'object' && parsed !== null) {
    for (const [key, value] of Object.entries(parsed)) {
      if (key === '#text') text = String(value);
      else if (key.startsWith('@_')) attributes.set(key.slice(2), String(value));
      else children.set(key, Array.isArray(value) ? value.map(elementOf) : [elementOf(value)]);
    }
  }
  return { text, attributes, children };
}

/**
 * `<toc><checksum style="…"><offset/><size/></checksum>` must name the header's algorithm and
 * point inside the heap at the digest of the compressed table of contents, as stored.
 */
async function checkTocChecksum(
  source: ArchiveSource,
  toc: XmlElement,
  checksumName: string,
  compressedToc: Uint8Array,
  heap: { start: number; length: number },
): Promise<void> {
  const checksum = onlyChild(toc, 'checksum', 'checksum element');
  if (checksum.attributes.get('style')?.toLowerCase() !== checksumName) throw malformedToc('checksum style mismatch', 'checksum');
  const offset = decimalValue(onlyChild(checksum, 'offset', 'checksum field').text, 'offset');
  const size = decimalValue(onlyChild(checksum, 'size', 'checksum field').text, 'size');
  const digest = DIGESTS[checksumName];
  if (digest === undefined || size !== digest.bytes) throw malformedToc('checksum size mismatch', 'checksum');
  if (offset > heap.length || size > heap.length - offset) throw malformedToc('checksum outside heap', 'checksum');

  const stored = await readExactly(source, heap.start + offset, size);
  if (toHex(stored) !== (await digest.hex(compressedToc))) {
    throw damaged('The archive is damaged: its table of contents checksum does not match.', 'checksum mismatch');
  }
}
