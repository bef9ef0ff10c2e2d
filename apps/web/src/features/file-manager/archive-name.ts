import { ARCHIVE_EXTENSIONS, extensionOf } from '@archive-opener/shared';
import type { ExtractedFile } from './extracted-file';

/** True for files the engine may open in place: the archives category, or an archive extension it knows. */
export function isArchiveFile(file: Pick<ExtractedFile, 'name' | 'category'>): boolean {
  // `.exe` counts only for zip names: most executables are not self-extracting archives.
  const extension = extensionOf(file.name);
  return file.category === 'archives' || (extension !== 'exe' && ARCHIVE_EXTENSIONS.has(extension));
}
