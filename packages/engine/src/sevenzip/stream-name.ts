/** Compressed-stream suffixes and what the decompressed file is called, as gzip -d and xz -d name it. */
const SUFFIXES: readonly [RegExp, string][] = [
  [/\.(tgz|taz)$/i, '.tar'],
  [/\.(tbz2?|tbz)$/i, '.tar'],
  [/\.txz$/i, '.tar'],
  [/\.(tzst|tzs)$/i, '.tar'],
  [/\.tlz$/i, '.tar'],
  [/\.(gz|bz2|xz|zst|lz|lzma|z|lz4|br)$/i, ''],
];

/**
 * The name of the one file inside a single compressed stream, taken from the archive's own name
 * (`notes.txt.gz` → `notes.txt`); `null` when the name has no known suffix (7-Zip's name stays).
 */
export function decompressedName(archiveName: string): string | null {
  for (const [pattern, replacement] of SUFFIXES) {
    if (pattern.test(archiveName)) {
      const name = archiveName.replace(pattern, replacement);
      return name === '' ? null : name;
    }
  }
  return null;
}
