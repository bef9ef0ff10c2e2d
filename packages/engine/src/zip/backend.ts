import type { Backend } from '../core/backend.js';
import { EngineError } from '../core/engine-error.js';
import { handOnIf } from '../core/fallback.js';

/**
 * zip.js and hash-wasm take long to load: they are loaded when an archive first needs them (a
 * Node worker started for a 7z loaded the whole engine in ~110 ms, without them ~55 ms).
 */
export const loadZipBackend = () => import('./zip-backend.js');

/** ZIP: read by ranges with zip.js; what it cannot do goes to 7-Zip (ZipFallback). */
export const zipBackend: Backend = {
  name: 'zip',
  recognise: (job) => job.sources.length === 1 && job.format === 'zip',
  // A zip behind junk or padding has no signature at the start, so this backend was not tried;
  // 7-Zip refuses such files, zip.js finds the central directory from the end.
  rescues(job, error, failedBackend) {
    const code = error instanceof EngineError ? error.code : null;
    const maybeZip = job.format === null || job.format === 'zip' || job.format === 'exe';
    return (
      failedBackend === '7-zip' &&
      job.sources.length === 1 &&
      maybeZip &&
      (code === 'UNSUPPORTED_FORMAT' || code === 'CORRUPT_ARCHIVE')
    );
  },
  async list(job) {
    const { listZip, ZipFallback } = await loadZipBackend();
    return handOnIf(() => listZip(job.sources, job.options), ZipFallback);
  },
  async extract(job, sink) {
    const { extractZip, ZipFallback } = await loadZipBackend();
    return handOnIf(() => extractZip(job.sources, sink, job.limits, job.options, job.codec), ZipFallback);
  },
};
