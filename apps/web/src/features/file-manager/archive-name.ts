import { CATEGORY_RULES, extensionOf } from '@archive-opener/shared';
import type { ExtractedFile } from './extracted-file';

/**
 * Which files are archives the engine can open in place, and an archive's name without its
 * archive extensions (for the name of the ZIP the visitor downloads).
 */
const ARCHIVE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...(CATEGORY_RULES.find((rule) => rule.id === 'archives')?.extensions ?? []),
  ...['tbz', 'tbz2', 'txz', 'tlz', 'tzst', 'lz', 'lzma', 'z', 'zstd', 'lha', 'deb', 'rpm', 'xar', 'ar', 'jar', 'exe'],
]);

/** Split-volume suffixes: `.001`, `.part1`, `.r00`, `.z01`. */
const VOLUME_SUFFIX = /^(?:\d{3}|part\d+|r\d{2}|z\d{2})$/;

/** True for files the engine may open: the archives category, or an archive extension it knows. */
export function isArchiveFile(file: Pick<ExtractedFile, 'name' | 'category'>): boolean {
  // `.exe` counts only for zip names: most executables are not self-extracting archives.
  const extension = extensionOf(file.name);
  return file.category === 'archives' || (extension !== 'exe' && ARCHIVE_EXTENSIONS.has(extension));
}

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
