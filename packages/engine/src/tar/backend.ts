import { onlySource, singlePartOf, type Backend } from '../core/backend.js';
import { TarFallback } from './tar-backend.js';
import { extractTarGz, listTarGz } from './tar-gz-backend.js';

export { tarBackend } from './tar-backend.js';

/**
 * gzip, in one pass: the platform's (or the host's) gzip decoder feeds the reader of what is
 * inside. 7-Zip (WebAssembly) needs two passes for tar.gz and is about four times slower.
 */
export const gzipBackend: Backend = {
  name: 'gz',
  recognise: (job) => singlePartOf(job, 'gz'),
  list: (job) => listTarGz(onlySource(job), job.options, job.codec),
  extract: (job, sink) => extractTarGz(onlySource(job), sink, job.limits, job.options, job.codec),
  fallback: TarFallback,
};
