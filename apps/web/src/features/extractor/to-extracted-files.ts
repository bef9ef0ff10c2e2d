import type { BrowserExtractResult } from '@archive-opener/engine/browser';
import { categorize } from '@archive-opener/shared';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { guessMimeType } from '../file-manager/mime-type';

let nextId = 0;

interface Origin {
  archiveName: string;
  /** Prepended to every path: the archive's name in a batch, the nested archive's path inside another. */
  prefix: string;
  parentId?: string;
}

/** The worker's result as the file manager's files (files only: folders are implied by paths). */
export function toExtractedFiles(result: Pick<BrowserExtractResult, 'entries' | 'files'>, origin: Origin): ExtractedFile[] {
  const files: ExtractedFile[] = [];
  for (const entry of result.entries) {
    if (entry.type !== 'file') continue;
    const blob = result.files.get(entry.path);
    if (!blob) continue;
    const path = origin.prefix ? `${origin.prefix}/${entry.path}` : entry.path;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const mimeType = guessMimeType(name);
    files.push({
      id: `f${++nextId}`,
      path,
      name,
      size: blob.size,
      blob,
      mimeType,
      category: categorize(name, mimeType),
      archiveName: origin.archiveName,
      ...(origin.parentId ? { parentId: origin.parentId } : {}),
    });
  }
  return files;
}
