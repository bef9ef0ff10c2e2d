import { singlePartOf, type Backend } from '../core/backend.js';
import { extractLzip, listLzip } from './lzip-backend.js';
import { extractWithSevenZip, listWithSevenZip } from './sevenzip-backend.js';

/** 7-Zip (WebAssembly): every format it knows, and the last word on anything no other backend took. */
export const sevenZipBackend: Backend = {
  name: '7-zip',
  recognise: () => true,
  list: listWithSevenZip,
  extract: extractWithSevenZip,
};

/** .lz and .tar.lz: each member through 7-Zip's LZMA decoder (lzip-to-lzma.ts). */
export const lzipBackend: Backend = {
  name: 'lz',
  recognise: (job) => singlePartOf(job, 'lz'),
  list: listLzip,
  extract: extractLzip,
};
