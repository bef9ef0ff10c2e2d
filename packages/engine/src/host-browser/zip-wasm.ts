/**
 * zip.js' own WebAssembly module (`@zip.js/zip.js/dist/zip-module.wasm`, 55 KB: zlib and WinZip
 * AES with HMAC-SHA1), which zip.js drives through streams. The browser host calls a few of its C
 * functions directly: zlib's inflate for small entries (wasm-inflate.ts) and the AES cipher
 * (wasm-aes.ts). Their interface is zip.js' (its zlib-streams.js and aes-hmac-sha1-wasm.js call
 * the same); wasm-inflate.test.ts and wasm-aes.test.ts check it on every run.
 */

/** The module's exports the host uses. */
export interface ZipWasmExports {
  memory: WebAssembly.Memory;
  malloc(bytes: number): number;
  free(pointer: number): void;
  inflate_new(): number;
  inflate_init_raw(stream: number): number;
  /** Returns zlib's status in the top byte (signed) and the bytes written in the low 24 bits. */
  inflate_process(
    stream: number,
    input: number,
    inputLength: number,
    output: number,
    outputLength: number,
    flush: number,
  ): number;
  inflate_end(stream: number): number;
  aes_hmac_new(): number;
  /** 0 when the keys are taken. */
  aes_hmac_init(context: number, key: number, keyLength: number, hmacKey: number, hmacKeyLength: number): number;
  /** Decrypts (`decrypt` 1) in place, summing the encrypted bytes into the HMAC. */
  aes_hmac_process(context: number, data: number, length: number, decrypt: number): void;
  /** Writes the 20-byte HMAC at `digest` (unless 0) and frees the context. */
  aes_hmac_end(context: number, digest: number): void;
  _initialize?(): void;
}

let moduleUrl: string | null = null;
let loading: Promise<ZipWasmExports | null> | null = null;

/** Where the worker finds the module (the app's entry hands it the URL its bundler gave the file). */
export function zipWasmAt(url: string): void {
  moduleUrl = url;
}

/** The module, instantiated once per worker; null without a URL or when it fails to load (the host then does without). */
export function zipWasm(): Promise<ZipWasmExports | null> {
  if (moduleUrl === null) return Promise.resolve(null);
  loading ??= instantiateZipWasm(fetch(moduleUrl)).catch(() => null);
  return loading;
}

/** The module a response holds, ready to call. */
export async function instantiateZipWasm(module: Promise<Response>): Promise<ZipWasmExports> {
  const { instance } = await WebAssembly.instantiateStreaming(module, {});
  const exports = instance.exports as unknown as ZipWasmExports;
  exports._initialize?.();
  return exports;
}
