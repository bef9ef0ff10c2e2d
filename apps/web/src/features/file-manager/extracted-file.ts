import type { CategoryId } from '@archive-opener/shared';

/**
 * One extracted file as the page holds it: the bytes stay in a Blob made by the engine's worker
 * (never base64), so the page can show, hash and download files of any size it could extract.
 */
export interface ExtractedFile {
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
  blob: Blob;
  /** Guessed from the extension (archives do not store MIME types). */
  mimeType: string;
  category: CategoryId;
  /** Name of the archive the file came out of (the nested one, for nested files). */
  archiveName: string;
  /** The `id` of the nested archive this file came out of; absent for top-level files. */
  parentId?: string;
}
