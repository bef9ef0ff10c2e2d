// The engine's Web Worker entry, bundled by Vite as a separate module chunk: it (and 7zz.wasm)
// load only when a visitor opens an archive, never with the home page.
import '@archive-opener/engine/browser/worker';
