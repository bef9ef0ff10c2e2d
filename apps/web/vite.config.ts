import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // The engine's worker is an ES module (7-Zip's glue uses top-level await).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The prerender (scripts/prerender.ts) finds each page's chunks here to preload them.
    manifest: true,
    // 7zz.wasm is ~1.6 MB; it is fetched by the worker only when an archive is opened.
    chunkSizeWarningLimit: 2048,
  },
});
