// The engine's Web Worker entry, bundled by Vite as a separate module chunk: it (and 7zz.wasm)
// load only when a visitor opens an archive, never with the home page.
import { offloadGunzipTo, zipWasmAt } from '@archive-opener/engine/browser';
import '@archive-opener/engine/browser/worker';
import zipWasmUrl from '@zip.js/zip.js/dist/zip-module.wasm?url';
import gunzipWorkerUrl from './gunzip.worker.ts?worker&url';

// A .tar.gz's gzip is decoded in a worker of its own, beside the engine's (gunzip-offload.ts).
offloadGunzipTo(gunzipWorkerUrl);
// zip.js' WebAssembly inflates small zip entries and decrypts WinZip AES (zip-wasm.ts), fetched on first use.
zipWasmAt(zipWasmUrl);
