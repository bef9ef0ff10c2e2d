import type { Backend } from './backend.js';
import { cpioBackend } from '../cpio/backend.js';
import { isoBackend } from '../iso/backend.js';
import { lz4Backend } from '../lz4/backend.js';
import { lzhBackend } from '../lzh/backend.js';
import { lzipBackend, sevenZipBackend } from '../sevenzip/backend.js';
import { gzipBackend, tarBackend } from '../tar/backend.js';
import { xarBackend } from '../xar/backend.js';
import { zipBackend } from '../zip/backend.js';

/**
 * Every backend, in the order `list` and `extract` try them (core/engine.ts): the first that
 * recognises the job reads it, one that hands it on leaves it to the next, and 7-Zip, last,
 * takes whatever is left. Adding a format is a folder with its backend and a line here.
 */
export const BACKENDS: readonly Backend[] = [
  zipBackend,
  tarBackend,
  cpioBackend,
  lzhBackend,
  gzipBackend,
  isoBackend,
  lzipBackend,
  xarBackend,
  lz4Backend,
  sevenZipBackend,
];
