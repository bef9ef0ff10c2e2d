import type { ListedEntry } from '../core/types.js';

/**
 * Entries 7-Zip shows that are not files of the archive as every native tool extracts it:
 * older versions of a file kept by RAR's -ver option ("[VER]/1/a.txt" in RAR5, "a.txt;1" in
 * RAR 2.9–4, skipped only when the current version is there too) and the table of contents of
 * a XAR archive ("[TOC].xml"). These names are skipped on extraction.
 */
export function pseudoEntryNames(format: string, entries: readonly ListedEntry[]): Set<string> {
  const type = format.toLowerCase();
  const names = new Set(entries.map((e) => e.name));
  const skipped = new Set<string>();
  for (const { name } of entries) {
    if (type === 'rar5') {
      const version = /^\[VER\]\/\d+\/(.+)$/.exec(name);
      if (version && names.has(version[1] ?? '')) {
        skipped.add(name);
        // The version folders themselves ("[VER]", "[VER]/1") go with them.
        const parts = name.split('/');
        for (let depth = 1; depth < parts.length; depth += 1) skipped.add(parts.slice(0, depth).join('/'));
      }
    } else if (type === 'rar') {
      const version = /^(.+);\d+$/.exec(name);
      if (version && names.has(version[1] ?? '')) skipped.add(name);
    } else if (type === 'xar' && name === '[TOC].xml') {
      skipped.add(name);
    }
  }
  return skipped;
}
