import { windowsSafeName, withoutDirectionControls } from '@archive-opener/shared';
import { downloadZip } from 'client-zip';
import { writeStream } from './large-writes';
import { extractedZipName } from '@archive-opener/shared';
import { fetchApi } from '../../lib/api-request-error';
import type { ExtractedFile } from './extracted-file';
import { fileBlobToSave } from './file-bytes';
import { savedAsShown, zippedAsShown } from './server-names';
import { canPickSaveFile, pickSaveFile } from './file-system-access';

/**
 * Saving extracted files to the visitor's device: one file, each file in turn, or one ZIP made in
 * the page by client-zip (stored, not recompressed: the files are already in memory and most
 * media does not shrink, so speed wins). Files extracted on the server are downloaded from their
 * URLs, and all of one job's files as the server's own ZIP, unless a names encoding chosen in the
 * page names them otherwise than the server does (server-names.ts).
 */

/** The original staggers individual downloads so browsers do not drop some of them. */
export const DOWNLOAD_STAGGER_MS = 100;
/** Long enough for the browser to start reading a large Blob before its URL goes away. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Hands a URL to the browser's download manager under `fileName`. A server file's URL goes
 * straight there: the browser streams it to disk and the page never holds its bytes.
 */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a Blob to the browser's download manager under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * A name as it is saved: names reach the visitor's disk, where Windows reserves some (CON,
 * aux.txt) and alters others (trailing dots and spaces), and a direction control would disguise
 * the file's type. The engine writes no such name; a batch's archive names, which the page adds,
 * are the visitor's own and may be.
 */
function savedName(name: string): string {
  return windowsSafeName(withoutDirectionControls(name));
}

/** Saves one file; a server file named otherwise than on the server is fetched and saved by the page. */
export async function downloadFile(file: ExtractedFile): Promise<void> {
  const name = savedName(file.name);
  if (savedAsShown(file)) saveUrl(file.remote.url, name);
  else saveBlob(file.remote ? await fileBlobToSave(file) : file.blob, name);
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Downloads each file on its own, `delayMs` apart. Stops early when `signal` aborts (the visitor
 * left the page or opened another archive). Resolves with how many downloads were started.
 */
export async function downloadEach(
  files: readonly ExtractedFile[],
  { delayMs = DOWNLOAD_STAGGER_MS, signal }: { delayMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let started = 0;
  for (const file of files) {
    if (signal?.aborted) break;
    if (started > 0) await wait(delayMs, signal);
    if (signal?.aborted) break;
    await downloadFile(file);
    started += 1;
  }
  return started;
}

function withSuffix(name: string, n: number): string {
  const slash = name.lastIndexOf('/');
  const dot = name.lastIndexOf('.');
  return dot > slash + 1 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * Entry names for the ZIP, one per path. An opened nested archive sits beside its own contents
 * (`a/inner.zip` and `a/inner.zip/x.txt`), which no unzip tool can write, so the contents' folder
 * becomes `inner.zip-extracted`. Names equal but for case get ` (2)`, so nothing is overwritten
 * when the ZIP is unpacked on a case-insensitive disk.
 */
export function zipEntryNames(paths: readonly string[]): string[] {
  const filePaths = new Set(paths.map((path) => path.toLowerCase()));
  const used = new Set<string>();
  /** The number the next copy of a name tries first: starting at 2 each time was quadratic. */
  const nextNumber = new Map<string, number>();
  return paths.map((path) => {
    const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
    const renamed = segments.map((segment, index) =>
      index < segments.length - 1 &&
      filePaths.has(
        segments
          .slice(0, index + 1)
          .join('/')
          .toLowerCase(),
      )
        ? `${savedName(segment)}-extracted`
        : savedName(segment),
    );
    const base = renamed.join('/') || 'file';
    let name = base;
    const key = base.toLowerCase();
    let n = nextNumber.get(key) ?? 2;
    for (; used.has(name.toLowerCase()); n += 1) name = withSuffix(base, n);
    if (name !== base) nextNumber.set(key, n);
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * A server file's bytes as a Response client-zip reads as a stream (one file in flight at a time);
 * a refusal is the page's one API error type, so an expired file reads as gone (files-expiry.ts).
 */
const fetchForZip = (url: string): Promise<Response> => fetchApi(url);

/** A file of the page as client-zip reads it: in the form the engine's client reads cheapest. */
function localInput(file: ExtractedFile & { remote?: undefined }, name: string) {
  const input = file.contents?.() ?? file.blob;
  // The archive's time where it gave one (client-zip writes the time of writing otherwise).
  const dated = file.modified === undefined ? { name } : { name, lastModified: new Date(file.modified) };
  return input instanceof Blob || input instanceof Uint8Array ? { ...dated, input } : { ...dated, size: file.size, input };
}

/** The files as one ZIP, streamed as client-zip writes it; server files are fetched one after another as it is written. */
function zipResponse(files: readonly ExtractedFile[]): Response {
  const names = zipEntryNames(files.map((file) => file.path));
  async function* entries() {
    for (const [index, file] of files.entries()) {
      const name = names[index] ?? file.name;
      if (file.remote) yield { name, input: await fetchForZip(file.remote.url) };
      else yield localInput(file, name);
    }
  }
  return downloadZip(entries());
}

/** The files as one ZIP in a Blob, each under its path. */
export async function createZip(files: readonly ExtractedFile[]): Promise<Blob> {
  return zipResponse(files).blob();
}

/**
 * The server's own ZIP of a job when `files` are exactly that job's files (nothing added from a
 * nested archive, nothing left out by a selection) under the server's names, else null: the page
 * then builds the ZIP.
 */
export function serverZipUrl(files: readonly ExtractedFile[]): string | null {
  const job = files[0]?.remote?.job;
  if (!job || files.length !== job.fileCount) return null;
  return files.every((file) => file.remote?.job.id === job.id && zippedAsShown(file)) ? job.zipUrl : null;
}

/** `<archive name without its archive extensions>-extracted.zip` (the server names its ZIP alike), or `extracted-files.zip`. */
export const zipFileName = extractedZipName;

/**
 * Makes the ZIP and saves it: where the browser lets the page write a file the visitor picks,
 * streamed into it as client-zip writes it (the page never holds the whole ZIP, whatever its
 * size); else made as one Blob and handed to the download manager. Resolves with 'saved' (written
 * to the picked file), 'started' (a download started) or 'cancelled' (the visitor closed the
 * picker); rejects when the ZIP could not be made.
 */
export async function downloadAsZip(
  files: readonly ExtractedFile[],
  archiveName: string | null,
): Promise<'saved' | 'started' | 'cancelled'> {
  const url = serverZipUrl(files);
  if (url) {
    saveUrl(url, zipFileName(archiveName));
    return 'started';
  }
  if (canPickSaveFile()) {
    const handle = await pickSaveFile(zipFileName(archiveName));
    if (!handle) return 'cancelled';
    const body = zipResponse(files).body;
    if (!body) throw new Error('client-zip gave no stream');
    await writeStream(body, await handle.createWritable());
    return 'saved';
  }
  saveBlob(await createZip(files), zipFileName(archiveName));
  return 'started';
}
