import { onlySource, singlePartOf, type Backend } from '../core/backend.js';

/** hash-wasm (the frame checksums) is loaded when an archive first needs it. */
export const loadLz4Backend = () => import('./lz4-backend.js');

/** .lz4 and .tar.lz4: 7-Zip has no LZ4 handler, our frame decoder does it all. */
export const lz4Backend: Backend = {
  name: 'lz4',
  recognise: (job) => singlePartOf(job, 'lz4'),
  list: async (job) => (await loadLz4Backend()).listLz4(onlySource(job), job.limits, job.options),
  extract: async (job, sink) => (await loadLz4Backend()).extractLz4(onlySource(job), sink, job.limits, job.options),
};
