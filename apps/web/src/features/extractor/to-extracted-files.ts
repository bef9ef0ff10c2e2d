import type { BrowserExtractResult, FileSlice } from '@archive-opener/engine/browser';
import { sliceToBlob } from '@archive-opener/engine/browser/protocol';
import { categorize, guessMimeType, hasDirectionControls } from '@archive-opener/shared';
import type { ExtractedFile } from '../file-manager/extracted-file';

let nextId = 0;

interface Origin {
  archiveName: string;
  /** Prepended to every path: the archive's name in a batch, the nested archive's path inside another. */
  prefix: string;
  parentId?: string;
}

/**
 * A file's bytes as the page holds them. Its own Blob is made the first time it is asked for and
 * is the same object afterwards: cut out of the batch the worker put it in (a round trip to the
 * browser process, ~1 ms: made for every file up front, a 300-file archive spent ~250 ms before
 * showing anything), or made of the bytes the worker handed over (a copy), which are let go
 * then. Most files are never previewed or downloaded one by one.
 */
function fileBytes(slice: FileSlice): { blob: () => Blob; held: () => readonly Uint8Array[] | null } {
  let source: FileSlice | null = slice;
  let blob: Blob | null = null;
  return {
    blob() {
      if (!blob) {
        blob = sliceToBlob(source as FileSlice);
        source = null;
      }
      return blob;
    },
    held: () => (source && 'parts' in source ? source.parts : null),
  };
}

/** The worker's result as the file manager's files (files only: folders are implied by paths). */
export function toExtractedFiles(result: Pick<BrowserExtractResult, 'entries' | 'files'>, origin: Origin): ExtractedFile[] {
  const files: ExtractedFile[] = [];
  for (const entry of result.entries) {
    if (entry.type !== 'file') continue;
    const slice = result.files.get(entry.path);
    if (!slice) continue;
    const bytes = fileBytes(slice);
    const path = origin.prefix ? `${origin.prefix}/${entry.path}` : entry.path;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const mimeType = guessMimeType(name);
    files.push({
      id: `f${++nextId}`,
      path,
      name,
      size: slice.size,
      get blob() {
        return bytes.blob();
      },
      heldBytes: bytes.held,
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
