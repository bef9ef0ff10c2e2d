import type { FileContents } from '@archive-opener/engine/browser/client';
import type { CategoryId } from '@archive-opener/shared';

/** The server extraction a file came out of, shared by all its files. */
export interface ServerJobRef {
  id: string;
  /** How many files the job produced: a download of exactly these is the job's own ZIP. */
  fileCount: number;
  /** Every file of the job as one ZIP, streamed by the server. */
  zipUrl: string;
  /** The job's status, asked before a download to tell an expired job from a failed download. */
  statusUrl: string;
  /** When the server deletes the files (epoch milliseconds); null when it did not say. */
  expiresAt: number | null;
}

/** A file extracted on the server: its bytes stay there until asked for (and expire there). */
export interface RemoteFile {
  /** Same-origin URL of the bytes (Range supported, `Content-Disposition: attachment`). */
  url: string;
  /** Computed by the server while extracting: shown as is, never recomputed in the page. */
  sha256: string;
  job: ServerJobRef;
  /**
   * The file's `path` as the server named it (its Content-Disposition, its ZIP). A names encoding
   * chosen in the page may name the file otherwise: then the page saves it (server-names.ts).
   */
  path: string;
}

interface ExtractedFileInfo {
  /** Unique and stable for the page's lifetime. */
  id: string;
  /**
   * Path shown to the visitor, `/`-separated: the entry's safe path under its archive; in a batch
   * of several archives, prefixed with the archive's name (`photos.zip/a/b.jpg`); inside a nested
   * archive, prefixed with the nested archive's own path (`outer/inner.zip/x.txt`).
   */
  path: string;
  /** Last segment of `path`. */
  name: string;
  size: number;
  /** Last modification as the archive gives it, ms since 1970; absent where it does not. */
  modified?: number;
  /** Guessed from the extension (archives do not store MIME types). */
  mimeType: string;
  category: CategoryId;
  /** Name of the archive the file came out of (the nested one, for nested files). */
  archiveName: string;
  /** The `id` of the nested archive this file came out of; absent for top-level files. */
  parentId?: string;
  /**
   * The name stored in the archive held direction controls (they show "invoice\u202Efdp.exe" as
   * "invoiceexe.pdf"); the engine replaced them with `_`, and the file is shown with a warning.
   */
  directionControls?: true;
  /**
   * How to name the file again in another code page (names-encoding.ts).
   * `prefix` is what `path` holds before the entry's own path ('' for none); `raw` the stored
   * bytes of a name whose code page the archive left open and that is not plain ASCII.
   */
  storedName?: { prefix: string; raw?: Uint8Array };
}

/**
 * One extracted file as the page holds it. Extracted in the browser, the bytes are what the
 * engine's worker handed over (never base64), as the engine's browser client keeps them (its own
 * buffers up to a budget, then ranges of a file in the site's storage); `blob` makes the file's
 * Blob when first read. So
 * the page can show, hash and download files of any size it could extract. Extracted on the
 * server, only the file's address and checksum are held; its bytes are fetched when a preview or
 * a nested archive needs them (see file-bytes.ts).
 */
export type ExtractedFile = ExtractedFileInfo &
  (
    | {
        blob: Blob;
        /**
         * The bytes in whatever form the engine's client reads cheapest (a Blob, or bytes with no
         * Blob made of them yet): what reads every file anyway (a ZIP of many) uses this.
         */
        contents?: () => FileContents;
        /** The engine's output store holding the bytes: let go once no file shown refers to it. */
        outputStore?: string;
        remote?: undefined;
      }
    | { blob?: undefined; contents?: undefined; outputStore?: undefined; remote: RemoteFile }
  );
