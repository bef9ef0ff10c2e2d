import { pageFileBytes } from '@archive-opener/engine/browser/client';
import { categorize, guessMimeType, hasDirectionControls } from '@archive-opener/shared';
import type { ExtractedFile } from '../file-manager/extracted-file';
import type { PageExtractResult } from './engine-client';

let nextId = 0;

interface Origin {
  archiveName: string;
  /** Prepended to every path: the archive's name in a batch, the nested archive's path inside another. */
  prefix: string;
  parentId?: string;
}

/** The worker's result as the file manager's files (files only: folders are implied by paths). */
export function toExtractedFiles(
  result: Pick<PageExtractResult, 'entries' | 'files' | 'outputStore'>,
  origin: Origin,
): ExtractedFile[] {
  const files: ExtractedFile[] = [];
  for (const entry of result.entries) {
    if (entry.type !== 'file') continue;
    const slice = result.files.get(entry.path);
    if (!slice) continue;
    const bytes = pageFileBytes(slice);
    const path = origin.prefix ? `${origin.prefix}/${entry.path}` : entry.path;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const mimeType = guessMimeType(name);
    files.push({
      id: `f${++nextId}`,
      path,
      name,
      size: slice.size,
      ...(entry.modified !== undefined && { modified: entry.modified }),
      get blob() {
        return bytes.blob();
      },
      contents: bytes.contents,
      ...(result.outputStore !== undefined && { outputStore: result.outputStore }),
      mimeType,
      category: categorize(name, mimeType),
      archiveName: origin.archiveName,
      ...(origin.parentId ? { parentId: origin.parentId } : {}),
      ...(entry.originalName !== undefined && hasDirectionControls(entry.originalName) && { directionControls: true }),
      storedName: entry.rawName ? { prefix: origin.prefix, raw: entry.rawName } : { prefix: origin.prefix },
    });
  }
  return files;
}
