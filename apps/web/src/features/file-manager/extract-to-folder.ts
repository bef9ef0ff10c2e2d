import type { ExtractedFile } from './extracted-file';
import { ON_THE_DISK } from '@archive-opener/engine/browser/client';
import { createAllowed, DiskTree, FolderNames } from '@archive-opener/shared/allowed-name';
import { ApiRequestError, fetchApi } from '../../lib/api-request-error';
import { namesIn } from './file-system-access';
import { planFolder } from './folder-placement';
import { gathered, streamed, WRITE_BYTES } from './large-writes';

export interface FolderProgress {
  bytesDone: number;
  bytesTotal: number;
}

/**
 * A file's bytes, in few large writes, from where they are: bytes the engine handed over as they
 * are, slices of the page's Blob (in memory or the output store), or the server's response.
 */
export async function* piecesOf(file: ExtractedFile): AsyncGenerator<Uint8Array | Blob> {
  if (file.remote) {
    // A refusal is the page's one API error type, so an expired file reads as gone (files-expiry.ts).
    const response = await fetchApi(file.remote.url);
    if (!response.body) throw ApiRequestError.unexpected(response.status);
    yield* gathered(streamed(response.body));
    return;
  }
  const source = file.contents?.() ?? file.blob;
  if (source instanceof Uint8Array) yield source;
  else if (source instanceof Blob) {
    for (let at = 0; at < source.size; at += WRITE_BYTES) yield source.slice(at, at + WRITE_BYTES);
  } else yield* gathered(source);
}

/** What "Extract to folder" made. */
export interface FolderResult {
  /** The folder made in the picked one. */
  folder: string;
  /** The first name the browser refused and what it was written as, if any was (packages/shared/src/allowed-name.ts). */
  renamed: { from: string; to: string } | null;
}

/**
 * Writes the files into `target`, the folder the visitor picked (folder-placement.ts decides the
 * one new folder made there and every name in it): one file at a time, each streamed from where
 * its bytes are, so the page holds no more than a chunk. Only the files the page shows are
 * written: links and anything else the engine did not make a file of are never created, and
 * their names were made safe and their sizes limited by the engine already. A name the browser
 * refuses for this disk is written under an allowed one (packages/shared/src/allowed-name.ts); nothing is overwritten.
 */
export async function extractToFolder(
  files: readonly ExtractedFile[],
  archiveName: string | null,
  target: FileSystemDirectoryHandle,
  onProgress?: (progress: FolderProgress) => void,
): Promise<FolderResult> {
  const existing = await namesIn(target);
  const plan = planFolder(
    files.map((file) => file.path),
    archiveName,
    existing,
  );
  const root = await createAllowed(plan.folder, true, new FolderNames(existing), (name) =>
    target.getDirectoryHandle(name, { create: true }),
  );
  const tree = new DiskTree(root.handle, ON_THE_DISK);
  tree.noteRename(plan.folder, root.name);
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  let bytesDone = 0;
  onProgress?.({ bytesDone, bytesTotal });
  for (const [index, file] of files.entries()) {
    const made = await tree.createFile(plan.paths[index] ?? file.name);
    const writable = await made.createWritable();
    try {
      for await (const piece of piecesOf(file)) {
        await writable.write(piece as Uint8Array<ArrayBuffer> | Blob);
        bytesDone += piece instanceof Blob ? piece.size : piece.length;
        onProgress?.({ bytesDone, bytesTotal });
      }
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => undefined);
      throw error;
    }
  }
  return { folder: root.name, renamed: tree.renamed };
}
