import type { ErrorShape } from '@archive-opener/shared';
import { crc32Combine } from '../../core/crc32-combine.js';
import { EngineError } from '../../core/engine-error.js';
import type { BrowserExtractResult, FileSlice } from '../worker-protocol.js';
import { sliceToBlob } from '../worker-protocol.js';

/**
 * Makes one file of the two parts a 7z's browser shares extracted of it (sevenzip/file-cut.ts,
 * docs/decisions/053-browser-file-cut.md): the rest's bytes follow the first part's, its entry
 * goes, the file's entry gets the whole size. Neither part was checked by 7-Zip, so the whole
 * file's CRC-32, combined from the two sums the shares made, must be the one the archive lists:
 * otherwise CORRUPT_ARCHIVE, and the page extracts the archive again in one worker, whose 7-Zip
 * checks the file itself. `merged` holds both shares' entries and files, and is changed in place.
 * Returns the failure as a worker posts one, null when joined (or nothing was cut).
 */
export function joinFileParts(
  merged: Pick<BrowserExtractResult, 'entries' | 'files'>,
  answers: readonly BrowserExtractResult[],
): ErrorShape | null {
  const parts = answers.flatMap((answer) => (answer.filePart ? [answer.filePart] : []));
  if (parts.length === 0) return null;
  const first = parts.find((part) => part.part === 'first');
  const rest = parts.find((part) => part.part === 'rest');
  const firstBytes = first && merged.files.get(first.path);
  const restBytes = rest && merged.files.get(rest.path);
  if (parts.length !== 2 || !first || !rest || !firstBytes || !restBytes) {
    return new EngineError('INTERNAL', 'A file cut between two workers came back in part.').toJSON();
  }
  const expected = first.expectedCrc ?? null;
  if (expected !== null && crc32Combine(first.crc, rest.crc, rest.size) !== expected >>> 0) {
    return new EngineError('CORRUPT_ARCHIVE', undefined, { entry: first.path, problem: 'CRC-32 mismatch' }).toJSON();
  }
  merged.files.set(first.path, joinedSlice(firstBytes, restBytes));
  merged.files.delete(rest.path);
  const restAt = merged.entries.findIndex((entry) => entry.path === rest.path);
  if (restAt >= 0) merged.entries.splice(restAt, 1);
  const entry = merged.entries.find((each) => each.path === first.path);
  if (entry) entry.size = first.size + rest.size;
  return null;
}

/** Two runs of bytes as one: held bytes stay as they are, anything else becomes a Blob of both (no copy). */
function joinedSlice(first: FileSlice, rest: FileSlice): FileSlice {
  const size = first.size + rest.size;
  if ('parts' in first && 'parts' in rest) return { parts: [...first.parts, ...rest.parts], size };
  return { blob: new Blob([sliceToBlob(first), sliceToBlob(rest)]), offset: 0, size };
}
