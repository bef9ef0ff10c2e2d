import type { ArchiveJob, Backend } from '../core/backend.js';
import type { ArchiveSource } from '../core/types.js';
import { sevenZipBackend } from '../sevenzip/backend.js';

/** fast-xml-parser and hash-wasm are loaded when an archive first needs them. */
export const loadXarCheck = () => import('./xar-toc-check.js');

/**
 * XAR: 7-Zip reads it once our check of the table of contents passed (7-Zip trusts a table of
 * contents that lies about sizes, checksums and offsets).
 */
export const xarBackend: Backend = {
  name: 'xar',
  recognise: (job) => job.format === 'xar',
  async list(job) {
    await (await loadXarCheck()).checkXarArchive(firstPart(job));
    return sevenZipBackend.list(job);
  },
  async extract(job, sink) {
    await (await loadXarCheck()).checkXarArchive(firstPart(job));
    return sevenZipBackend.extract(job, sink);
  },
};

/** A multi-part XAR is checked by its first part, as 7-Zip opens it. */
function firstPart(job: ArchiveJob): ArchiveSource {
  return job.sources[0] as ArchiveSource;
}
