import type { ListedEntry } from '../core/types.js';
import { entryTime } from '../core/entry-time.js';

export interface SltListing {
  /** 7-Zip's name of the outermost format ("7z", "zip", "Rar5", "gzip" …). */
  type: string;
  /** Methods of the archive, e.g. "LZMA:16 7zAES:19", used to read the key-derivation cost. */
  methods: string[];
  entries: ListedEntry[];
  multivolume: boolean;
  /** The archive says its headers (names) are encrypted (RAR5 -hp, 7z -mhe). */
  headerEncrypted: boolean;
  /**
   * The solid block ("folder") of each entry, by the entries' index (null: none, e.g. a folder or
   * an empty file), and each block's packed and unpacked sizes and methods ("LZMA2:18"); each
   * entry's CRC-32 where the archive has one: 7z only; sevenzip/folder-split.ts and
   * sevenzip/block-cut.ts read them.
   */
  blocks: {
    ofEntry: (number | null)[];
    crcOfEntry: (number | null)[];
    packed: Map<number, number>;
    unpacked: Map<number, number>;
    method: Map<number, string>;
  };
}

/**
 * Parses `7zz l -slt` output: an archive block after "--", then one block per entry after
 * "----------", each of `Key = Value` lines separated by blank lines.
 */
export function parseSltListing(lines: readonly string[]): SltListing {
  const parser = new SltParser();
  for (const line of lines) parser.line(line);
  return parser.result();
}

/** The keys of an entry's block that an entry is made of; 7-Zip prints a dozen more. */
const ENTRY_KEYS = new Set([
  'Path',
  'Folder',
  'Attributes',
  'Symbolic Link',
  'Size',
  'Encrypted',
  'Modified',
  'Method',
  'Block',
  'Packed Size',
  'CRC',
]);

/**
 * The same parse, a line at a time as 7-Zip prints them. Keeping every line and a map of every
 * block first held ~20 strings and a map per entry: a 100,000-entry RAR ran a 256 MB worker out
 * of heap before a file was written. Only what an entry needs is kept, and each method once.
 */
export class SltParser {
  private section: 'head' | 'archive' | 'entries' = 'head';
  private block = new Map<string, string>();
  private lastArchiveBlock = new Map<string, string>();
  private readonly methods = new Set<string>();
  private readonly entries: ListedEntry[] = [];
  private readonly blocks: SltListing['blocks'] = {
    ofEntry: [],
    crcOfEntry: [],
    packed: new Map(),
    unpacked: new Map(),
    method: new Map(),
  };

  /** Takes one line; true when it was an entry's (nothing else needs to keep it). */
  line(line: string): boolean {
    if (this.section !== 'entries' && (line === '--' || line === '----------')) {
      // Lines before "--" are 7-Zip's banner; without any "--" they are the archive block.
      if (line === '--' && this.section === 'head') {
        this.block = new Map();
        this.lastArchiveBlock = new Map();
      } else this.endBlock();
      this.section = line === '--' ? 'archive' : 'entries';
      return false;
    }
    if (line.trim() === '') {
      this.endBlock();
      return this.section === 'entries';
    }
    const eq = line.indexOf(' = ');
    const [key, value] = eq > 0 ? [line.slice(0, eq), line.slice(eq + 3)] : line.endsWith(' =') ? [line.slice(0, -2), ''] : [];
    if (key === undefined || value === undefined) return false;
    if (this.section !== 'entries') {
      this.block.set(key, value);
      return false;
    }
    if (ENTRY_KEYS.has(key)) this.block.set(key, value);
    return true;
  }

  result(): SltListing {
    this.endBlock();
    const archive = this.lastArchiveBlock;
    const outer = archive.get('Method');
    return {
      type: archive.get('Type') ?? 'unknown',
      methods: [...(outer ? [outer] : []), ...this.methods],
      multivolume: archive.get('Multivolume') === '+',
      headerEncrypted: archive.get('Encrypted') === '+',
      entries: this.entries,
      blocks: this.blocks,
    };
  }

  /** 7-Zip prints a solid block's packed size with its first entry, and none with the others. */
  private noteBlock(block: Map<string, string>, unpacked: number): void {
    const crc = block.get('CRC');
    this.blocks.crcOfEntry.push(crc && /^[0-9A-Fa-f]{8}$/.test(crc) ? Number.parseInt(crc, 16) : null);
    const named = block.get('Block');
    const index = named === undefined || named === '' ? null : Number(named);
    this.blocks.ofEntry.push(index !== null && Number.isInteger(index) ? index : null);
    if (index === null || !Number.isInteger(index)) return;
    const packed = block.get('Packed Size');
    const size = packed === undefined || packed === '' ? 0 : Number(packed);
    this.blocks.packed.set(index, (this.blocks.packed.get(index) ?? 0) + (Number.isFinite(size) ? size : 0));
    this.blocks.unpacked.set(index, (this.blocks.unpacked.get(index) ?? 0) + unpacked);
    const method = block.get('Method');
    if (method && !this.blocks.method.has(index)) this.blocks.method.set(index, method);
  }

  private endBlock(): void {
    if (this.block.size === 0) return;
    if (this.section === 'entries') {
      const method = this.block.get('Method');
      if (method) this.methods.add(method);
      if (this.block.has('Path')) {
        const entry = toEntry(this.block);
        this.entries.push(entry);
        this.noteBlock(this.block, entry.size ?? 0);
      }
      this.block.clear();
    } else {
      this.lastArchiveBlock = this.block;
      this.block = new Map();
    }
  }
}

function toEntry(block: Map<string, string>): ListedEntry {
  const attributes = block.get('Attributes') ?? '';
  const folder = block.get('Folder') === '+' || attributes.startsWith('D');
  const linkTarget = block.get('Symbolic Link') || undefined;
  const isLink = linkTarget !== undefined || / l[rwx-]{9}/.test(` ${attributes.split(' ').at(-1) ?? ''}`);
  const size = block.get('Size');
  const entry: ListedEntry = {
    name: (block.get('Path') ?? '').replace(/\\/g, '/'),
    type: folder ? 'dir' : isLink ? 'symlink' : 'file',
    size: size === undefined || size === '' ? null : Number(size),
    encrypted: block.get('Encrypted') === '+',
  };
  const modified = block.get('Modified');
  if (modified) entry.modified = modified;
  if (linkTarget) entry.linkTarget = linkTarget;
  return entry;
}

/** The largest 7zAES key-derivation exponent named in the methods ("7zAES:19" → 19). */
export function kdfCyclesFromMethods(methods: readonly string[]): number | null {
  let highest: number | null = null;
  for (const method of methods) {
    for (const match of method.matchAll(/7zAES:(\d+)/g)) {
      highest = Math.max(highest ?? 0, Number(match[1]));
    }
  }
  return highest;
}

/** 100 ns intervals from 1601 to 1970. */
const FILETIME_AT_UNIX_EPOCH = 116_444_736_000_000_000n;

/**
 * The time 7-Zip printed as `modified` ("2026-11-26 23:41:42.9407229"), in ms since 1970, or
 * null (see fileTimeOf).
 */
export function listedTimeMs(modified: string | undefined): number | null {
  const time = fileTimeOf(modified);
  return time === null ? null : entryTime(Number((time - FILETIME_AT_UNIX_EPOCH) / 10_000n));
}

/**
 * The FILETIME 7-Zip printed as `modified` ("2026-11-26 23:41:42.9407229"): 7-Zip prints local
 * time through this same JavaScript's Date, which reads it back the same way (but for the hour a
 * clock set back repeats, where Date takes the first). Null when it does not read.
 */
export function fileTimeOf(modified: string | undefined): bigint | null {
  const match = modified && /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/.exec(modified);
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number);
  const seconds = new Date(year, month - 1, day, hour, minute, second).getTime() / 1000;
  if (!Number.isFinite(seconds)) return null;
  const fraction = BigInt((match[7] ?? '').padEnd(7, '0'));
  return FILETIME_AT_UNIX_EPOCH + BigInt(seconds) * 10_000_000n + fraction;
}
