/** The engine's pure core: hosts (./node, ./browser) add file access, 7-Zip loading and threads. */
export { detect, extract, list, type EngineInput } from './core/engine.js';
export { detectFormat, DETECT_HEAD_BYTES, type DetectedFormat } from './core/detect.js';
export { EngineError, toEngineError, isErrorShape } from './core/engine-error.js';
export type { OutputSink, InputMounter } from './core/output-sink.js';
export type * from './core/types.js';
export type { SevenZipFactory } from './sevenzip/sevenzip-module.js';
