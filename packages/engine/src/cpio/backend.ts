import { streamReaderBackend } from '../core/backend.js';
import { CpioFallback, extractCpioStream, listCpioStream } from './cpio-backend.js';

export const cpioBackend = streamReaderBackend('cpio', {
  list: listCpioStream,
  extract: extractCpioStream,
  fallback: CpioFallback,
});
