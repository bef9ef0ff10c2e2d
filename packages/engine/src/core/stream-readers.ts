import type { ExtractionLimits } from '@archive-opener/shared';
import { extractCpioStream, listCpioStream, CpioFallback } from '../cpio/cpio-backend.js';
import { extractTarStream, listTarStream, TarFallback } from '../tar/tar-backend.js';
import { extractLzhStream, listLzhStream, LzhFallback } from '../lzh/lzh-backend.js';
import type { DetectedFormat } from './detect.js';
import type { OutputSink } from './output-sink.js';
import type { ExtractResult, ListResult, OperationOptions, StreamInfo } from './types.js';

export type { StreamInfo };

/**
 * Our own readers for archive formats that are a plain sequence of headers and bodies (tar, cpio,
 * LHA): they read a byte stream once, from any source (a file, a gzip stream, a payload 7-Zip
 * decompressed), and do better than 7-Zip on them (sparse files, raw names, links, old LHA
 * headers). `fallback` is what they throw, before writing anything, for input they do not
 * handle: 7-Zip then has a go.
 */
export interface StreamReader {
  extract(
    stream: ReadableStream<Uint8Array>,
    sink: OutputSink,
    limits: ExtractionLimits,
    options: OperationOptions,
    info: StreamInfo,
  ): Promise<ExtractResult>;
  list(stream: ReadableStream<Uint8Array>, options: OperationOptions, info: StreamInfo): Promise<ListResult>;
  fallback: new (...args: never[]) => Error;
}

export const STREAM_READERS: Partial<Record<DetectedFormat, StreamReader>> = {
  tar: { extract: extractTarStream, list: listTarStream, fallback: TarFallback },
  cpio: { extract: extractCpioStream, list: listCpioStream, fallback: CpioFallback },
  lzh: { extract: extractLzhStream, list: listLzhStream, fallback: LzhFallback },
};
