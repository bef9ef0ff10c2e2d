import type { ExtractedFile } from './extracted-file';
import { FileFetchError } from './file-bytes';
import { namesIn } from './file-system-access';
import { planFolder } from './folder-placement';

export interface FolderProgress {
  bytesDone: number;
  bytesTotal: number;
}

/** A file's bytes as a stream: the page's Blob (in memory or the output store), or the server's response. */
async function streamOf(file: ExtractedFile): Promise<ReadableStream<Uint8Array>> {
  if (!file.remote) return file.blob.stream();
  let response: Response;
  try {
    response = await fetch(file.remote.url);
  } catch {
    throw new FileFetchError(0);
  }
  if (!response.ok || !response.body) throw new FileFetchError(response.status);
  return response.body;
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
    const counted = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytesDone += chunk.length;
        onProgress?.({ bytesDone, bytesTotal });
        controller.enqueue(chunk);
      },
    });
    await (await streamOf(file)).pipeThrough(counted).pipeTo(writable);
  }
  return plan.folder;
}
