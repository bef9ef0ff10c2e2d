import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The engine's worker is an ES module (7-Zip's glue uses top-level await).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // 7zz.wasm is ~1.6 MB; it is fetched by the worker only when an archive is opened.
    chunkSizeWarningLimit: 2048,
  },
});
