import type { ArchiveEntry, ArchiveEntryKind } from '../core/entry-writer.js';
import { ByteSource } from './byte-source.js';
import { Body, padding } from './tar-body.js';
import {
  BLOCK,
  decodeName,
  emptyPax,
  isZeroBlock,
  parseHeader,
  parsePax,
  paxInteger,
  TarError,
  type PaxRecords,
  type RawHeader,
} from './tar-header.js';
import { checkSparseMap, paxSparse, readOldSparseExtensions, readSparse10Map, type SparseMap } from './tar-sparse.js';

export { TarError } from './tar-header.js';

/**
 * Reads any tar byte stream entry by entry, with back-pressure: nothing is read before the
 * consumer asks for it. Metadata headers (GNU long names `L`/`K`, PAX `x`/`g` and Solaris `X`)
 * are applied to the entry they describe; sparse files come out at their real size with zeros
 * in the holes; every other typeflag that is not a file, directory or link (ACLs `A`, volume
 * labels `V`, devices…) is an entry of kind 'other' whose body is skipped.
 *
 * The archive ends at two zero blocks, at a lone zero block, or at end of input between
 * entries, as GNU tar accepts. A header with a bad checksum is `not-tar` first, `corrupt` later.
 */

export type TarEntryKind = ArchiveEntryKind;

/**
 * A tar entry: `name` is the path as stored (PAX `path`, GNU long name or ustar prefix/name;
 * sparse: the real name), `size` the bytes the content has (a sparse file's real size), and
 * content pieces are views of the input.
 */
export interface TarEntry extends ArchiveEntry {
  /** The raw typeflag ('\0' for old regular files). */
  typeflag: string;
  sparse: boolean;
}

/** Extended headers and long names bigger than this are refused rather than held in memory. */
const MAX_METADATA_BYTES = 16 << 20;
const MAX_LONG_NAME_BYTES = 1 << 20;

interface Pending {
  pax: PaxRecords | null;
  longName: string | null;
  longLink: string | null;
}

export class TarReader implements AsyncIterable<TarEntry> {
  /** Headers read so far, metadata ones included. */
  headers = 0;
  private readonly source: ByteSource;
  private global: PaxRecords | null = null;
  private current: Body | null = null;
  private ended = false;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.source = new ByteSource(stream);
  }

  /** Bytes of the tar read so far. */
  get position(): number {
    return this.source.position;
  }

  /** The next entry (the previous one's unread content is skipped), or null at the end of the archive. */
  async next(): Promise<TarEntry | null> {
    return this.advance();
  }

  async cancel(reason?: unknown): Promise<void> {
    this.ended = true;
    await this.source.cancel(reason);
  }

  /** Leaving the loop early (break, throw) cancels the input. */
  async *[Symbol.asyncIterator](): AsyncIterator<TarEntry> {
    let complete = false;
    try {
      for (let entry = await this.next(); entry; entry = await this.next()) yield entry;
      complete = true;
    } finally {
      if (!complete) await this.cancel();
    }
  }

  private async advance(): Promise<TarEntry | null> {
    if (this.current) await this.current.finish();
    this.current = null;
    if (this.ended) return null;
    const pending: Pending = { pax: null, longName: null, longLink: null };
    for (;;) {
      const block = await this.source.peek(BLOCK);
      const nothingPending = !pending.pax && pending.longName === null && pending.longLink === null;
      if (block.length === 0 || isZeroBlock(block)) {
        if (!nothingPending)
          throw new TarError(block.length === 0 ? 'truncated' : 'corrupt', 'An extended header describes no entry.');
        return this.end();
      }
      if (block.length < BLOCK) {
        if (this.headers === 0) throw new TarError('not-tar', 'This is not a tar archive (it is shorter than a header).');
        throw new TarError('truncated', 'The archive ends inside a header.');
      }
      const header = parseHeader(block);
      if (!header) {
        if (this.headers === 0) throw new TarError('not-tar', 'This is not a tar archive (the first header is invalid).');
        throw new TarError('corrupt', 'A tar header is damaged (its checksum is wrong).');
      }
      await this.source.skip(BLOCK);
      this.headers += 1;
      switch (header.typeflag) {
        case 'x':
        case 'X': // Solaris' name for the same thing
          pending.pax = parsePax(await this.metadata(header, MAX_METADATA_BYTES), pending.pax ?? emptyPax());
          break;
        case 'g':
          this.global = parsePax(await this.metadata(header, MAX_METADATA_BYTES), this.global ?? emptyPax());
          break;
        case 'L':
          pending.longName = decodeName(await this.metadata(header, MAX_LONG_NAME_BYTES));
          break;
        case 'K':
          pending.longLink = decodeName(await this.metadata(header, MAX_LONG_NAME_BYTES));
          break;
        default:
          return this.entry(header, pending);
      }
    }
  }

  /** End of the archive: the rest of the input is read (and ignored) so a compressed layer is checked to its end. */
  private async end(): Promise<null> {
    this.ended = true;
    while (await this.source.read(Number.MAX_SAFE_INTEGER));
    return null;
  }

  private async metadata(header: RawHeader, max: number): Promise<Uint8Array> {
    if (header.size > max) {
      const skipped = await this.source.skip(header.size);
      if (skipped < header.size) throw new TarError('truncated', 'The archive ends inside an extended header.');
      throw new TarError('corrupt', `A tar extended header is too large (${header.size} bytes).`);
    }
    const bytes = await this.source.take(header.size);
    if (bytes.length < header.size || (await this.source.skip(padding(header.size))) < padding(header.size)) {
      throw new TarError('truncated', 'The archive ends inside an extended header.');
    }
    return bytes;
  }

  private async entry(header: RawHeader, pending: Pending): Promise<TarEntry> {
    const pax = mergePax(this.global, pending.pax);
    const values = pax.values;
    let name = values.get('path') ?? pending.longName ?? header.name;
    const linkName = values.get('linkpath') ?? pending.longLink ?? header.linkName;
    const paxSize = values.get('size');
    const size = paxSize === undefined ? header.size : paxInteger(paxSize);
    if (size === null) throw new TarError('corrupt', 'A tar extended header has an invalid size.');
    const kind = kindOf(header.typeflag, name);
    let stored = (await this.hasBody(kind, header.typeflag, size)) ? size : 0;
    let sparse: SparseMap | null = null;
    let prefix: Uint8Array | null = null;
    if (header.typeflag === 'S') {
      if (!header.oldSparse) throw new TarError('corrupt', 'A sparse header is unreadable.');
      const { segments, extended, realSize } = header.oldSparse;
      if (extended) await readOldSparseExtensions(this.source, segments);
      sparse = { segments, realSize };
    } else if (kind === 'file') {
      const announced = paxSparse(pax);
      if (announced?.version === '1.0') {
        const { blocks, segments } = await readSparse10Map(this.source, stored);
        if (segments) {
          sparse = { segments, realSize: announced.realSize };
          name = announced.name ?? name;
        } else prefix = blocks; // not a map we know: keep the body as stored, like 7-Zip
        stored -= blocks.length;
      } else if (announced) {
        sparse = announced.map;
        name = announced.name ?? name;
      }
    }
    if (sparse) checkSparseMap(sparse, stored);
    const mtime = parseMtime(values.get('mtime'), header.mtime);
    const body = new Body(this.source, stored, prefix, sparse);
    this.current = body;
    return {
      name,
      linkName,
      kind,
      typeflag: header.typeflag,
      size: sparse ? sparse.realSize : stored + (prefix?.length ?? 0),
      mtime,
      mode: header.mode,
      sparse: sparse !== null,
      read: () => body.read(),
    };
  }

  /**
   * Links, directories, devices and FIFOs have no body, whatever their size says (libarchive
   * and GNU tar ignore it), unless what follows is not a header: pax lets a hard link carry data.
   */
  private async hasBody(kind: TarEntryKind, typeflag: string, size: number): Promise<boolean> {
    if (size === 0) return false;
    const bodiless =
      kind === 'hardlink' || kind === 'symlink' || (kind === 'dir' && typeflag !== 'D') || '346'.includes(typeflag);
    if (!bodiless) return true;
    const next = await this.source.peek(BLOCK);
    return next.length === BLOCK && !isZeroBlock(next) && parseHeader(next) === null;
  }
}

function kindOf(typeflag: string, name: string): TarEntryKind {
  switch (typeflag) {
    case '0':
    case '\0':
    case '7':
      // Old tars mark directories only by a trailing slash.
      return name.endsWith('/') ? 'dir' : 'file';
    case 'S':
      return 'file';
    case '1':
      return 'hardlink';
    case '2':
      return 'symlink';
    case '5':
    case 'D': // GNU dumpdir: a directory whose body lists its contents
      return 'dir';
    default:
      return 'other';
  }
}

function mergePax(global: PaxRecords | null, local: PaxRecords | null): PaxRecords {
  if (!global) return local ?? emptyPax();
  if (!local) return global;
  return { ...local, values: new Map([...global.values, ...local.values]) };
}

function parseMtime(pax: string | undefined, field: number | null): Date | null {
  const seconds = pax !== undefined && /^-?\d+(\.\d*)?$/.test(pax) ? Number(pax) : field;
  if (seconds === null) return null;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}
