import { NameAllocator } from '../core/name-allocator.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import type { SltListing } from './slt-listing.js';

/**
 * The names of this 7z's entries where adoption (adopt-staged.ts) would give every entry the name
 * 7-Zip lists for it, else null: each name is already safe, and no two collide (the same name, a
 * file where a folder is, names that differ only in case). Then a host may write 7-Zip's files of
 * those names where they end up instead of staging them (SevenZipSpool.writeInPlace). Only a 7z
 * of files and folders: other formats' quirks (links written as files, versions, a table of
 * contents) are renamed or dropped at adoption.
 *
 * Adoption walks the entries in the order 7-Zip made them, this check in the listing's order. A
 * collision renames whichever of the two comes second, so it shows in any order; without one,
 * every order keeps every name.
 */
export function namesKeptAsListed(listing: SltListing): ReadonlySet<string> | null {
  if (listing.type !== '7z') return null;
  const allocator = new NameAllocator();
  const names = new Set<string>();
  for (const { name, type } of listing.entries) {
    if (type !== 'file' && type !== 'dir') return null;
    if (toSafeRelativePath(name) !== name) return null;
    try {
      if (allocator.allocate(name, type) !== name) return null;
    } catch {
      // A name too long for common file systems: adoption refuses it; staging reports that.
      return null;
    }
    names.add(name);
  }
  return names;
}
