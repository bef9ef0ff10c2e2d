import type { ExtractedFile } from './extracted-file';
import { ApiRequestError, fetchApi } from '../../lib/api-request-error';
import { namesIn } from './file-system-access';
import { planFolder } from './folder-placement';

export interface FolderProgress {
  bytesDone: number;
  bytesTotal: number;
}

/**
 * A file's bytes, chunk by chunk, from where they are: bytes the engine handed over as they are
 * (a Blob of them would be a copy in the browser process), the page's Blob (in memory or the
 * output store), or the server's response.
 */
async function* chunksOf(file: ExtractedFile): AsyncGenerator<Uint8Array> {
  let source: Blob | Uint8Array | AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;
  if (file.remote) {
    // A refusal is the page's one API error type, so an expired file reads as gone (files-expiry.ts).
    const response = await fetchApi(file.remote.url);
    if (!response.body) throw ApiRequestError.unexpected(response.status);
    source = response.body;
  } else {
    source = file.contents?.() ?? file.blob;
  }
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  if (source instanceof Blob) source = source.stream();
  if (source instanceof ReadableStream) {
    const reader = source.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
    return;
  }
  yield* source;
}

/**
 * Writes the files into `target`, the folder the visitor picked (folder-placement.ts decides the
 * one new folder made there and every name in it): one file at a time, each streamed from where
 * its bytes are, so the page holds no more than a chunk. Only the files the page shows are
 * written: links and anything else the engine did not make a file of are never created, and
 * their names were made safe and their sizes limited by the engine already. Resolves with the
 * name of the folder made.
 */
export async function extractToFolder(
  files: readonly ExtractedFile[],
  archiveName: string | null,
  target: FileSystemDirectoryHandle,
  onProgress?: (progress: FolderProgress) => void,
): Promise<string> {
  const plan = planFolder(
    files.map((file) => file.path),
    archiveName,
    await namesIn(target),
  );
  const root = await target.getDirectoryHandle(plan.folder, { create: true });
  const folders = new Map<string, Promise<FileSystemDirectoryHandle>>([['', Promise.resolve(root)]]);
  const folderAt = (path: string): Promise<FileSystemDirectoryHandle> => {
    let folder = folders.get(path);
    if (!folder) {
      const slash = path.lastIndexOf('/');
      folder = folderAt(slash < 0 ? '' : path.slice(0, slash)).then((parent) =>
        parent.getDirectoryHandle(path.slice(slash + 1), { create: true }),
      );
      folders.set(path, folder);
    }
    return folder;
  };
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  let bytesDone = 0;
  onProgress?.({ bytesDone, bytesTotal });
  for (const [index, file] of files.entries()) {
    const path = plan.paths[index] ?? file.name;
    const slash = path.lastIndexOf('/');
    const folder = await folderAt(slash < 0 ? '' : path.slice(0, slash));
    const handle = await folder.getFileHandle(path.slice(slash + 1), { create: true });
    const writable = await handle.createWritable();
    try {
      for await (const chunk of chunksOf(file)) {
        await writable.write(chunk as Uint8Array<ArrayBuffer>);
        bytesDone += chunk.length;
        onProgress?.({ bytesDone, bytesTotal });
      }
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => undefined);
      throw error;
    }
  }
  return plan.folder;
}
