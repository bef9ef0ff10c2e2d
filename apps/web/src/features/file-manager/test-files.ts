import { categorize, guessMimeType } from '@archive-opener/shared';
import type { ExtractedFile } from './extracted-file';

/** Test fixtures: an ExtractedFile with a real Blob, built from its path. */
let nextId = 0;

export interface TestFileOptions {
  /** Text content; its UTF-8 length is the file's size unless `size` is given. */
  content?: string;
  /** Pretend size, for sorting and totals without allocating the bytes. */
  size?: number;
  id?: string;
  parentId?: string;
  archiveName?: string;
  /** The archive's time for the file (ms since 1970). */
  modified?: number;
}

export function makeFile(path: string, options: TestFileOptions = {}): ExtractedFile {
  const blob = new Blob([options.content ?? `content of ${path}`]);
  const mimeType = guessMimeType(path);
  nextId += 1;
  return {
    id: options.id ?? `file-${nextId}`,
    path,
    name: path.slice(path.lastIndexOf('/') + 1),
    size: options.size ?? blob.size,
    blob,
    mimeType,
    category: categorize(path, mimeType),
    archiveName: options.archiveName ?? 'test.zip',
    ...(options.parentId === undefined ? {} : { parentId: options.parentId }),
    ...(options.modified === undefined ? {} : { modified: options.modified }),
  };
}

/** Many files at little cost (one shared Blob, sizes pretended): for the 100,000-file cases. */
export function makeManyFiles(count: number, pathOf: (index: number) => string): ExtractedFile[] {
  const blob = new Blob(['x']);
  return Array.from({ length: count }, (_, index) => {
    const path = pathOf(index);
    const mimeType = guessMimeType(path);
    return {
      id: `many-${index}`,
      path,
      name: path.slice(path.lastIndexOf('/') + 1),
      size: index,
      blob,
      mimeType,
      category: categorize(path, mimeType),
      archiveName: 'many.zip',
    };
  });
}

export function makeFiles(...paths: string[]): ExtractedFile[] {
  return paths.map((path) => makeFile(path));
}

/**
 * Test fixtures: the files of one server job, fetched from their URLs (nothing held in the page),
 * deleted by the server at `expiresAt` (epoch milliseconds) when given.
 */
export function makeServerFiles(jobId: string, ...paths: string[]): ExtractedFile[] {
  return makeExpiringServerFiles(jobId, null, ...paths);
}

export function makeExpiringServerFiles(jobId: string, expiresAt: number | null, ...paths: string[]): ExtractedFile[] {
  const job = {
    id: jobId,
    fileCount: paths.length,
    zipUrl: `/api/extractions/${jobId}/archive.zip`,
    statusUrl: `/api/extractions/${jobId}`,
    expiresAt,
  };
  return paths.map((path, index) => {
    const mimeType = guessMimeType(path);
    nextId += 1;
    return {
      id: `file-${nextId}`,
      path,
      name: path.slice(path.lastIndexOf('/') + 1),
      size: 100 + index,
      mimeType,
      category: categorize(path, mimeType),
      archiveName: 'server.zip',
      remote: { url: `/api/extractions/${jobId}/files/${index}`, sha256: String(index).repeat(64), job, path },
    };
  });
}
