import { ByteSource } from '../tar/byte-source.js';
import { nonAsciiName } from '../names/named-entries.js';
import {
  CpioError,
  dataPadding,
  decodeName,
  formatOf,
  HEADER_BYTES,
  MAGIC_BYTES,
  namePadding,
  parseHeader,
  S_IFDIR,
  S_IFLNK,
  S_IFMT,
  S_IFREG,
  type CpioFormat,
  type CpioHeader,
} from './cpio-header.js';

export { CpioError } from './cpio-header.js';

/**
 * Reads a cpio byte stream entry by entry, with back-pressure: nothing is read before the
 * consumer asks for it. The archive ends at the entry named `TRAILER!!!` (whatever its type, as
 * GNU cpio and 7-Zip have it); what follows (block padding, garbage) is never read. An input
 * that ends before the trailer is truncated. Devices, FIFOs and sockets are entries of kind
 * 'other' whose body is skipped; a symlink's target is its body, read here.
 */

export type CpioEntryKind = 'file' | 'dir' | 'symlink' | 'other';

export interface CpioEntry {
  name: string;
  /** The stored name's bytes when they are not ASCII (see ListedEntry.rawName). */
  rawName?: Uint8Array;
  kind: CpioEntryKind;
  /** A symlink's target ('' otherwise). */
  linkName: string;
  /** Bytes of content `read` gives (0 for all but files). */
  size: number;
  nlink: number;
  /** Device and inode as stored: with nlink > 1, the names of one hard-linked file share it. */
  inode: string;
  mtime: Date;
  /** The mode as stored, the file type's bits with the permissions (the sink keeps what it keeps). */
  mode: number;
  /**
   * The next piece of content, or null at its end. Pieces are views of the input, never changed
   * afterwards. Once `next()` is called the rest is skipped, and reading throws.
   */
  read(): Promise<Uint8Array | null>;
}

/** Names longer than any file system allows are refused rather than held in memory. */
const MAX_NAME_BYTES = 1 << 16;
const MAX_LINK_BYTES = 1 << 16;
const TRAILER = 'TRAILER!!!';

export class CpioReader {
  /** Headers read so far, the trailer's included. */
  headers = 0;
  /** The first header's dialect (null before it is read). */
  format: CpioFormat | null = null;
  private readonly source: ByteSource;
  private current: Body | null = null;
  private ended = false;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.source = new ByteSource(stream);
  }

  /** Bytes of the archive read so far. */
  get position(): number {
    return this.source.position;
  }

  /** The next entry (the previous one's unread content is skipped), or null after the trailer. */
  async next(): Promise<CpioEntry | null> {
    if (this.ended) return null;
    if (this.current) {
      const body = this.current;
      this.current = null;
      await body.finish();
    }
    const header = await this.readHeader();
    const nameBytes = await this.exactly(header.nameSize);
    await this.skip(namePadding(header.format, header.nameSize));
    const name = decodeName(nameBytes);
    this.headers += 1;
    if (name === TRAILER) {
      this.ended = true;
      await this.source.cancel();
      return null;
    }
    const type = header.mode & S_IFMT;
    const kind: CpioEntryKind =
      type === S_IFREG || type === 0 ? 'file' : type === S_IFDIR ? 'dir' : type === S_IFLNK ? 'symlink' : 'other';
    // Only regular files are summed by the writers of the crc format.
    const sum = header.format === 'crc' && kind === 'file' ? header.check : null;
    const body = new Body(this.source, header.fileSize, dataPadding(header.format, header.fileSize), sum);
    this.current = body;
    const nul = nameBytes.indexOf(0);
    const rawName = nonAsciiName(nul < 0 ? nameBytes : nameBytes.subarray(0, nul));
    const entry: CpioEntry = {
      name,
      ...(rawName && { rawName }),
      kind,
      linkName: '',
      size: kind === 'file' ? header.fileSize : 0,
      nlink: header.nlink,
      inode: header.inode,
      mtime: new Date(header.mtime * 1000),
      mode: header.mode,
      read: () => (kind === 'file' ? body.read() : Promise.resolve(null)),
    };
    if (kind === 'symlink') entry.linkName = await this.linkTarget(body, header.fileSize);
    return entry;
  }

  async cancel(reason?: unknown): Promise<void> {
    this.ended = true;
    await this.source.cancel(reason);
  }

  private async readHeader(): Promise<CpioHeader> {
    const first = this.headers === 0;
    const magic = await this.source.peek(MAGIC_BYTES);
    if (magic.length === 0) {
      if (first) throw new CpioError('not-cpio', 'The input is empty.');
      throw new CpioError('truncated', 'The archive ends before its trailer.');
    }
    const format = formatOf(magic);
    if (format === null) {
      if (first) throw new CpioError('not-cpio', 'The input does not start with a cpio header.');
      throw new CpioError('corrupt', 'A cpio header is missing where the previous entry ends.');
    }
    this.format ??= format;
    const bytes = await this.source.take(HEADER_BYTES[format]);
    // A few bytes that merely start like a magic say nothing: 7-Zip gets to judge them.
    if (bytes.length < HEADER_BYTES[format])
      throw new CpioError(first ? 'not-cpio' : 'truncated', 'The archive ends inside a header.');
    let header: CpioHeader;
    try {
      header = parseHeader(format, bytes);
    } catch (error) {
      // A text that merely starts like a cpio magic is no cpio.
      if (first && error instanceof CpioError) throw new CpioError('not-cpio', error.message);
      throw error;
    }
    if (header.nameSize === 0 || header.nameSize > MAX_NAME_BYTES) {
      throw new CpioError(first ? 'not-cpio' : 'corrupt', `A cpio header gives a name of ${header.nameSize} bytes.`);
    }
    return header;
  }

  private async linkTarget(body: Body, size: number): Promise<string> {
    if (size > MAX_LINK_BYTES) throw new CpioError('corrupt', `A symbolic link's target has ${size} bytes.`);
    const chunks: Uint8Array[] = [];
    for (let chunk = await body.read(); chunk; chunk = await body.read()) chunks.push(chunk);
    const joined = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      joined.set(chunk, at);
      at += chunk.length;
    }
    return decodeName(joined.subarray(0, at));
  }

  private async exactly(length: number): Promise<Uint8Array> {
    const bytes = await this.source.take(length);
    if (bytes.length < length) throw new CpioError('truncated', 'The archive ends inside a header.');
    return bytes;
  }

  private async skip(length: number): Promise<void> {
    if ((await this.source.skip(length)) < length) throw new CpioError('truncated', 'The archive ends inside a header.');
  }
}

/** One entry's content and the padding after it. */
class Body {
  private left: number;
  private sum = 0;
  private finished = false;

  constructor(
    private readonly source: ByteSource,
    size: number,
    private readonly padding: number,
    /** The crc format's expected sum; checked when the last byte is read (content skipped unread is not checked). */
    private readonly expectedSum: number | null,
  ) {
    this.left = size;
  }

  async read(): Promise<Uint8Array | null> {
    if (this.finished) throw new Error('This cpio entry was left: its content must be read before the next entry is asked for.');
    if (this.left === 0) return null;
    const chunk = await this.source.read(this.left);
    if (!chunk) throw new CpioError('truncated', 'The archive ends inside a file.');
    this.left -= chunk.length;
    if (this.expectedSum !== null) {
      let sum = this.sum;
      for (const byte of chunk) sum += byte;
      this.sum = sum >>> 0;
      // Thrown with the last piece, so the file's write fails instead of completing with bad data.
      if (this.left === 0 && this.sum !== this.expectedSum) throw new CpioError('corrupt', 'A file fails its cpio checksum.');
    }
    return chunk;
  }

  /** Skips what was not read, and the padding to the next header. */
  async finish(): Promise<void> {
    this.finished = true;
    const rest = this.left + this.padding;
    if ((await this.source.skip(rest)) < rest) throw new CpioError('truncated', 'The archive ends inside a file.');
  }
}
