import { streamReaderBackend } from '../core/backend.js';
import { extractLzhStream, listLzhStream, LzhFallback } from './lzh-backend.js';

export const lzhBackend = streamReaderBackend('lzh', { list: listLzhStream, extract: extractLzhStream, fallback: LzhFallback });
