import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { instantiateZipWasm, type ZipWasmExports } from '../host-browser/zip-wasm.js';

/** zip.js' WebAssembly module as the browser host loads it (host-browser/zip-wasm.ts), here from node_modules. */
export function zipWasmForTests(): Promise<ZipWasmExports> {
  const path = createRequire(import.meta.url).resolve('@zip.js/zip.js/dist/zip-module.wasm');
  return instantiateZipWasm(
    Promise.resolve(new Response(readFileSync(path), { headers: { 'content-type': 'application/wasm' } })),
  );
}
