import { crc32Combine } from '../core/crc32-combine.js';
import type { ExtractedEntry, FilePart } from '../core/types.js';
import type { Step } from './adopt-staged.js';
import type { PartSummer } from './part-sum.js';
import type { SharePlan } from './share-plan.js';
import type { SevenZipModule } from './sevenzip-module.js';

/** Read back a few MiB at a time: the host's spool serves each read from where it put the bytes. */
const READ_BYTES = 4 * 1024 * 1024;

/** A part of a file cut between two shares, as staged: its name in the step and its CRC-32. */
export interface StagedPart {
  stagedPath: string;
  crc: number;
  size: number;
}

/**
 * The CRC-32 of this share's part of a file cut in two (share-plan.ts `cutFile`): share 0's first
 * part, share 1's rest. 7-Zip checked neither (a part has no CRC of its own), so the page checks
 * the joined file with both sums (core/crc32-combine.ts). The sum made as 7-Zip wrote the part
 * (`asWritten`, part-sum.ts) where it covers it; else the part is read back from where 7-Zip
 * staged it, before it is adopted. Null where 7-Zip made no such file, which the page takes as a
 * failed share.
 */
export function sumStagedPart(
  sz: SevenZipModule,
  step: Step,
  cutFile: NonNullable<SharePlan['cutFile']>,
  own: boolean,
  crc32: (bytes: Uint8Array) => number,
  asWritten: PartSummer | null,
): StagedPart | null {
  const stagedPath = own ? cutFile.name : cutFile.partName;
  const staged = step.entries.find((entry) => entry.type === 'file' && entry.stagedPath === stagedPath);
  if (!staged) return null;
  const written = asWritten?.sumOf(sz.FS.stat(`${step.dir}/${stagedPath}`).size);
  if (written) return { stagedPath, crc: written.crc, size: written.bytes };
  const stream = sz.FS.open(`${step.dir}/${stagedPath}`, 'r');
  const chunk = new Uint8Array(READ_BYTES);
  let crc = 0;
  let size = 0;
  try {
    for (;;) {
      const read = sz.FS.read(stream, chunk, 0, chunk.length, size);
      if (read <= 0) break;
      crc = crc32Combine(crc, crc32(chunk.subarray(0, read)), read);
      size += read;
    }
  } finally {
    sz.FS.close(stream);
  }
  return { stagedPath, crc, size };
}

/** The part as the share reports it: under the path it was adopted as. */
export function reportedPart(
  part: StagedPart,
  entries: readonly ExtractedEntry[],
  cutFile: NonNullable<SharePlan['cutFile']>,
  own: boolean,
): FilePart | null {
  const entry = entries.find((each) => each.type === 'file' && (each.originalName ?? each.path) === part.stagedPath);
  if (!entry) return null;
  const reported: FilePart = { path: entry.path, part: own ? 'first' : 'rest', size: part.size, crc: part.crc };
  if (own) reported.expectedCrc = cutFile.crc;
  return reported;
}
