import type { BrowserExtractResult, FileSlice } from '@archive-opener/engine/browser';
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

/**
 * A file's own Blob, cut out of the batch the worker put it in the first time it is asked for
 * and the same object afterwards. Each cut is a round trip to the browser process (~1 ms): made
 * for every file up front, a 300-file archive spent ~250 ms (in the worker) before showing anything,
 * while most files are never previewed or downloaded one by one.
 */
function lazyBlob(slice: FileSlice): () => Blob {
  let blob: Blob | null = null;
  return () => {
    blob ??=
      slice.offset === 0 && slice.size === slice.blob.size
        ? slice.blob
        : slice.blob.slice(slice.offset, slice.offset + slice.size);
    return blob;
  };
}

/** The worker's result as the file manager's files (files only: folders are implied by paths). */
export function toExtractedFiles(result: Pick<BrowserExtractResult, 'entries' | 'files'>, origin: Origin): ExtractedFile[] {
  const files: ExtractedFile[] = [];
  for (const entry of result.entries) {
    if (entry.type !== 'file') continue;
    const slice = result.files.get(entry.path);
    if (!slice) continue;
    const blob = lazyBlob(slice);
    const path = origin.prefix ? `${origin.prefix}/${entry.path}` : entry.path;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const mimeType = guessMimeType(name);
    files.push({
      id: `f${++nextId}`,
      path,
      name,
      size: slice.size,
      get blob() {
        return blob();
      },
      mimeType,
      category: categorize(name, mimeType),
      archiveName: origin.archiveName,
      ...(origin.parentId ? { parentId: origin.parentId } : {}),
    });
  }
  return files;
}
