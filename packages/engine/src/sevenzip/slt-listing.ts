import type { ListedEntry } from '../core/types.js';

export interface SltListing {
  /** 7-Zip's name of the outermost format ("7z", "zip", "Rar5", "gzip" …). */
  type: string;
  /** Methods of the archive, e.g. "LZMA:16 7zAES:19", used to read the key-derivation cost. */
  methods: string[];
  entries: ListedEntry[];
  multivolume: boolean;
  /** The archive says its headers (names) are encrypted (RAR5 -hp, 7z -mhe). */
  headerEncrypted: boolean;
}

/**
 * Parses `7zz l -slt` output: an archive block after "--", then one block per entry after
 * "----------", each of `Key = Value` lines separated by blank lines.
 */
export function parseSltListing(lines: readonly string[]): SltListing {
  const archiveStart = lines.indexOf('--');
  const entriesStart = lines.indexOf('----------');
  const archiveBlock = readBlocks(lines.slice(archiveStart + 1, entriesStart < 0 ? undefined : entriesStart));
  const entryBlocks = entriesStart < 0 ? [] : readBlocks(lines.slice(entriesStart + 1));
  // With nested types (a .tar inside .gz) the last archive block describes the outer format.
  const archive = archiveBlock.at(-1) ?? new Map<string, string>();
  const methods = [archive.get('Method') ?? '', ...entryBlocks.map((b) => b.get('Method') ?? '')].filter(Boolean);
  return {
    type: archive.get('Type') ?? 'unknown',
    methods,
    multivolume: archive.get('Multivolume') === '+',
    headerEncrypted: archive.get('Encrypted') === '+',
    entries: entryBlocks.filter((b) => b.has('Path')).map(toEntry),
  };
}

function readBlocks(lines: readonly string[]): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let current = new Map<string, string>();
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.size > 0) blocks.push(current);
      current = new Map();
      continue;
    }
    const eq = line.indexOf(' = ');
    if (eq > 0) current.set(line.slice(0, eq), line.slice(eq + 3));
    else if (line.endsWith(' =')) current.set(line.slice(0, -2), '');
  }
  if (current.size > 0) blocks.push(current);
  return blocks;
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
