import { downloadZip } from 'client-zip';
import { archiveBaseName } from './archive-name';
import type { ExtractedFile } from './extracted-file';

/**
 * Saving extracted files to the visitor's device: one file, each file in turn, or one ZIP made in
 * the page by client-zip (stored, not recompressed: the files are already in memory and most
 * media does not shrink, so speed wins).
 */

/** The original staggers individual downloads so browsers do not drop some of them. */
export const DOWNLOAD_STAGGER_MS = 100;
/** Long enough for the browser to start reading a large Blob before its URL goes away. */
const REVOKE_AFTER_MS = 60_000;
const FALLBACK_ZIP_BASE = 'extracted-files';

/** Hands a Blob to the browser's download manager under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function downloadFile(file: ExtractedFile): void {
  saveBlob(file.blob, file.name);
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
    downloadFile(file);
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
        ? `${segment}-extracted`
        : segment,
    );
    const base = renamed.join('/') || 'file';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = withSuffix(base, n);
    used.add(name.toLowerCase());
    return name;
  });
}

/** The files as one ZIP, each under its path. */
export async function createZip(files: readonly ExtractedFile[]): Promise<Blob> {
  const names = zipEntryNames(files.map((file) => file.path));
  const entries = files.map((file, index) => ({ name: names[index] ?? file.name, input: file.blob }));
  return downloadZip(entries).blob();
}

/** `<archive name without its archive extensions>-extracted.zip`, or `extracted-files.zip`. */
export function zipFileName(archiveName: string | null): string {
  const base = archiveName === null ? '' : archiveBaseName(archiveName);
  return base === '' ? `${FALLBACK_ZIP_BASE}.zip` : `${base}-extracted.zip`;
}

/** Makes the ZIP and starts its download; rejects when the ZIP could not be made. */
export async function downloadAsZip(files: readonly ExtractedFile[], archiveName: string | null): Promise<void> {
  const zip = await createZip(files);
  saveBlob(zip, zipFileName(archiveName));
}
