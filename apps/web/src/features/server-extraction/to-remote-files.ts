import { categorize } from '@archive-opener/shared';
import type { ExtractedFile, ServerJobRef } from '../file-manager/extracted-file';
import type { ServerJobFile } from './api';
import { extractionUrls } from './urls';

let nextId = 0;

interface Origin {
  jobId: string;
  archiveName: string;
  /** Prepended to every path: the archive's name in a batch of several. */
  prefix: string;
  /** When the server deletes the files (ISO 8601); null when it did not say. */
  expiresAt?: string | null;
}

/** Base64 to bytes (the job's schema bounds its length); null for what is not base64. */
function fromBase64(text: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The stored name's bytes, so the names encoding picker reads them as in browser mode. */
function storedName(prefix: string, rawName: string | undefined): ExtractedFile['storedName'] {
  const raw = rawName === undefined ? null : fromBase64(rawName);
  return raw && raw.length > 0 ? { prefix, raw } : { prefix };
}

/**
 * A completed server job's files as the file manager's files, the same fields as files extracted
 * in the page (the type is the server's, guessed from the name by the same table the page uses,
 * packages/shared/src/mime-types.ts, so both modes sort and preview alike), with the server's
 * address and checksum in place of the bytes, and the bytes of names stored in an unsaid code page
 * (docs/decisions/034-names-in-any-encoding.md).
 */
export function toRemoteFiles(
  files: readonly ServerJobFile[],
  { jobId, archiveName, prefix, expiresAt = null }: Origin,
): ExtractedFile[] {
  const expires = expiresAt === null ? null : Date.parse(expiresAt);
  const job: ServerJobRef = {
    id: jobId,
    fileCount: files.length,
    zipUrl: extractionUrls.archiveZip(jobId),
    statusUrl: extractionUrls.job(jobId),
    expiresAt: expires !== null && Number.isFinite(expires) ? expires : null,
  };
  return files.map((file) => {
    const path = prefix ? `${prefix}/${file.path}` : file.path;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const mimeType = file.type;
    return {
      id: `r${++nextId}`,
      path,
      name,
      size: file.size,
      ...(file.modified !== undefined && { modified: file.modified }),
      mimeType,
      category: categorize(name, mimeType),
      archiveName,
      remote: { url: extractionUrls.file(jobId, file.id), sha256: file.sha256, job, path },
      ...(file.directionControls && { directionControls: true }),
      storedName: storedName(prefix, file.rawName),
    };
  });
}
