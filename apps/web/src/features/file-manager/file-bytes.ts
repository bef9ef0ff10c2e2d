import { fetchApi } from '../../lib/api-request-error';
import type { ExtractedFile, RemoteFile } from './extracted-file';

/**
 * A file's bytes, wherever they are: in the page (a Blob) or on the server (fetched on demand).
 * Whole server files are fetched once per file and kept while the file is (a preview reopened or
 * a nested archive opened after its preview does not download it again).
 */
const fetched = new WeakMap<RemoteFile, Promise<Blob>>();

/** A server file's bytes; fails with the page's one API error type (GONE once expired). */
async function fetchBlob(url: string, init?: RequestInit): Promise<Blob> {
  return (await fetchApi(url, init)).blob();
}

/** The whole file as a Blob. */
export function fileBlob(file: ExtractedFile): Promise<Blob> {
  if (!file.remote) return Promise.resolve(file.blob);
  const { remote } = file;
  let blob = fetched.get(remote);
  if (!blob) {
    blob = fetchBlob(remote.url);
    fetched.set(remote, blob);
    // A failed fetch is not kept: the next attempt asks again.
    blob.catch(() => fetched.delete(remote));
  }
  return blob;
}

/**
 * The whole file as a Blob to save once: a server file already fetched is taken as it is, else
 * fetched and not kept (a file downloaded is not held by the page afterwards).
 */
export function fileBlobToSave(file: ExtractedFile): Promise<Blob> {
  if (!file.remote) return Promise.resolve(file.blob);
  return fetched.get(file.remote) ?? fetchBlob(file.remote.url);
}

/**
 * At least the file's first `bytes` bytes and one more when the file is longer, so callers that
 * slice the head can still tell whether the file goes on (`blob.size > bytes`). A server file is
 * fetched with a Range request: previewing the start of a large file never downloads all of it.
 */
export function fileHead(file: ExtractedFile, bytes: number): Promise<Blob> {
  if (!file.remote) return Promise.resolve(file.blob);
  const cached = fetched.get(file.remote);
  if (cached) return cached;
  return fetchBlob(file.remote.url, { headers: { range: `bytes=0-${bytes}` } });
}

/** What an <img>, <audio> or <video> loads: the page's Blob, or the server's URL (streamed, with Range). */
export function fileSource(file: ExtractedFile): Blob | string {
  return file.remote ? file.remote.url : file.blob;
}
