import type { ArchiveView } from '../core/output-sink.js';
import type { OperationOptions } from '../core/types.js';
import { decoderMemory } from './decoder-memory.js';
import type { SltListing } from './slt-listing.js';

/** What a second 7-Zip instance extracts: the regular files of some solid blocks, by name. */
export interface FolderSplit {
  /** The files the other instance extracts (every entry of its blocks), in the archive's order. */
  helperNames: string[];
  /** Bytes the blocks left to this instance and given to the other hold, unpacked: how even the split is. */
  unpacked: { own: number; helper: number };
  /**
   * Where the split cuts inside a block (block-cut.ts): the other instance reads this archive
   * made around the original's packed bytes, not the original.
   */
  view?: ArchiveView;
  /**
   * Where the cut falls inside a file (file-cut.ts): this instance extracts `ownNames` (the cut
   * block's files up to that one, whose first part (`firstBytes` of it) ends it) from `ownView`,
   * the other the file's rest (`restBytes` of it) as `partName`, and the host joins the two and
   * checks the whole against `crc`.
   */
  inFile?: {
    name: string;
    partName: string;
    crc: number | null;
    firstBytes: number;
    restBytes: number;
    ownNames: string[];
    ownView: ArchiveView;
  };
}

/**
 * Below this many bytes of output a second instance costs about what it saves: its thread with
 * 7-Zip in it takes ~0.1 s to start, in which ~10 MB are decoded (docs/decisions/038-sevenzip-on-both-cores.md).
 */
export const SPLIT_MIN_BYTES = 8 * 1024 * 1024;

/**
 * The second instance needs its own decoder memory: split only where that is at most this (a
 * 64 MiB LZMA dictionary is 7-Zip's largest preset, -mx=9), so a hostile archive naming a 1.5 GB
 * dictionary cannot make a job take twice that.
 */
export const SPLIT_MAX_DECODER_BYTES = 64 * 1024 * 1024;

/**
 * Splits a 7z's solid blocks ("folders", which decode independently) in two, or says null: one
 * instance reads it, as before. The halves are balanced by the bytes the blocks unpack to: what
 * decoding costs follows them (LZMA in WebAssembly, ~10 ns a byte for text and random data alike),
 * where packed sizes made a half of mostly text too big.
 *
 * The 7-Zip command line selects entries only by name, not by index, so a split is made only where
 * names select exactly the entries meant: every name is unique, none holds what a list file or
 * 7-Zip's name matching would read otherwise (a backslash, which 7-Zip keeps but the listing turns
 * into a folder; spaces at an end, which a list file's reader trims; a line break; wildcards are
 * off with -spd), and no file is named like another entry's folder (a name selects what is below
 * it). The other instance gets only regular files; this one everything else (folders, links, empty
 * files), excluding by the same list: whatever a name matched, each entry is extracted once.
 */
export function splitFolders(
  listing: SltListing,
  cores: number,
  options: OperationOptions,
  minBytes = SPLIT_MIN_BYTES,
): FolderSplit | null {
  if (!maySplit(listing, cores, options, minBytes)) return null;
  const { ofEntry, unpacked } = listing.blocks;
  if (unpacked.size < 2) return null;
  // Largest first, each to the lighter half; the other instance takes the lighter one, as its
  // thread starts later.
  const bySize = [...unpacked.entries()].sort((a, b) => b[1] - a[1]);
  const first = { size: 0, blocks: new Set<number>() };
  const second = { size: 0, blocks: new Set<number>() };
  for (const [block, size] of bySize) {
    const half = first.size <= second.size ? first : second;
    half.size += size;
    half.blocks.add(block);
  }
  const [heavier, lighter] = first.size >= second.size ? [first, second] : [second, first];
  if (lighter.size === 0) return null;
  const helperNames: string[] = [];
  for (const [index, entry] of listing.entries.entries()) {
    const block = ofEntry[index];
    if (block === null || block === undefined || !lighter.blocks.has(block)) continue;
    // A block holds only files' bytes; anything else in it would be a header this code does not know.
    if (entry.type !== 'file') return null;
    helperNames.push(entry.name);
  }
  return helperNames.length > 0 ? { helperNames, unpacked: { own: heavier.size, helper: lighter.size } } : null;
}

/**
 * What every split needs, by blocks or inside one (block-cut.ts): two cores, a 7z of one part
 * extracted whole, enough output, a bounded decoder and names that select exactly.
 */
export function maySplit(listing: SltListing, cores: number, options: OperationOptions, minBytes = SPLIT_MIN_BYTES): boolean {
  if (cores < 2 || listing.type !== '7z' || options.only || listing.multivolume) return false;
  const { ofEntry, unpacked } = listing.blocks;
  if (unpacked.size < 1 || ofEntry.length !== listing.entries.length) return false;
  const total = [...unpacked.values()].reduce((sum, size) => sum + size, 0);
  if (total < minBytes) return false;
  const memory = decoderMemory(listing.methods);
  if (memory === null || memory > SPLIT_MAX_DECODER_BYTES) return false;
  return namesSelectExactly(listing);
}

/**
 * Whether each name selects exactly its entry, worked out once per listing: every split plan asks
 * (folder-split.ts, cut-place.ts, block-cut.ts), and at 100,000 entries each answer took ~65 ms.
 */
const namesChecked = new WeakMap<SltListing['entries'], boolean>();

function namesSelectExactly(listing: SltListing): boolean {
  let known = namesChecked.get(listing.entries);
  if (known === undefined) {
    known = checkNames(listing.entries);
    namesChecked.set(listing.entries, known);
  }
  return known;
}

/**
 * A name no list file can select alone: a backslash, a line break or NUL; spaces at an end; a
 * name that starts with "/" or a part that is empty, "." or "..".
 */
const AMBIGUOUS_NAME = /[\\\r\n\0]|^\s|\s$|^\/|\/\/|\/$|(?:^|\/)\.\.?(?:\/|$)/;

function checkNames(entries: SltListing['entries']): boolean {
  const seen = new Set<string>();
  const files = new Set<string>();
  for (const { name, type } of entries) {
    if (name === '' || seen.has(name) || AMBIGUOUS_NAME.test(name)) return false;
    seen.add(name);
    if (type === 'file') files.add(name);
  }
  // A name selects what lies below it too: no file may have the name of another entry's folder.
  for (const { name } of entries) {
    for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
      if (files.has(name.slice(0, slash))) return false;
    }
  }
  return true;
}
