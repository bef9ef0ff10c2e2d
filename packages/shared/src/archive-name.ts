import { CATEGORY_RULES } from './categories.js';

/**
 * An archive's name without its archive extensions, and the name of the ZIP of its extracted
 * files: one rule for the ZIP the page makes and the one the server streams, so both modes save
 * the same `<name>-extracted.zip`.
 */
export const ARCHIVE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...(CATEGORY_RULES.find((rule) => rule.id === 'archives')?.extensions ?? []),
  ...['tbz', 'tbz2', 'txz', 'tlz', 'tzst', 'lz', 'lzma', 'z', 'zstd', 'lha', 'deb', 'rpm', 'xar', 'ar', 'jar', 'exe'],
]);

/** Split-volume suffixes: `.001`, `.part1`, `.r00`, `.z01`. */
const VOLUME_SUFFIX = /^(?:\d{3}|part\d+|r\d{2}|z\d{2})$/;
const FALLBACK_ZIP_BASE = 'extracted-files';

/** `photos.tar.gz` → `photos`, `a.part1.rar` → `a`, `x.7z.001` → `x`; '' when nothing is left. */
export function archiveBaseName(archiveName: string): string {
  let name = archiveName.slice(Math.max(archiveName.lastIndexOf('/'), archiveName.lastIndexOf('\\')) + 1).trim();
  for (;;) {
    const dot = name.lastIndexOf('.');
    if (dot <= 0) break;
    const extension = name.slice(dot + 1).toLowerCase();
    if (!ARCHIVE_EXTENSIONS.has(extension) && !VOLUME_SUFFIX.test(extension)) break;
    name = name.slice(0, dot);
  }
  return name;
}

/** `<archive name without its archive extensions>-extracted.zip`, or `extracted-files.zip`. */
export function extractedZipName(archiveName: string | null): string {
  const base = archiveName === null ? '' : archiveBaseName(archiveName);
  return base === '' ? `${FALLBACK_ZIP_BASE}.zip` : `${base}-extracted.zip`;
}
