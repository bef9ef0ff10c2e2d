import { onlySource, singlePartOf, type Backend } from '../core/backend.js';
import { extractIso, IsoFallback, listIso } from './iso-backend.js';

/** ISO 9660 with Rock Ridge, Joliet and zisofs, read by ranges; what our reader refuses goes to 7-Zip. */
export const isoBackend: Backend = {
  name: 'iso',
  recognise: (job) => singlePartOf(job, 'iso'),
  list: (job) => listIso(onlySource(job), job.options),
  extract: (job, sink) => extractIso(onlySource(job), sink, job.limits, job.options),
  fallback: IsoFallback,
  random: { list: listIso, extract: extractIso, fallback: IsoFallback },
};
