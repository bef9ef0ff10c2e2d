import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|i18next|react-i18next|i18next-browser-languagedetector|i18next-resources-to-backend)[\\/]/;
const APP_CORE =
  /(apps[\\/]web[\\/]src[\\/](app|components|lib|i18n)[\\/]|packages[\\/]shared[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|defaultAttributes|Icon|shared)|class-variance-authority|clsx|tslib|vite[\\/]preload-helper)/;

// Loaded on demand although they live beside the core: a group would pull them (and sonner, zod or
// Radix Dialog, or the rules for names on a visitor's disk, used only when writing into a folder) in.
const LAZY_IN_APP_CORE =
  /[\\/]locales[\\/]|AppToaster|DialogCloseButton|packages[\\/]shared[\\/]dist[\\/](api[\\/]|allowed-name)/;

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
    rolldownOptions: {
      output: {
        // Left alone, the bundler gives every module shared by the entry and a lazy page its own
        // chunk: some twenty requests of under 2 KB on first load, which a slow connection pays in
        // round trips. What every page needs goes in two chunks instead.
        codeSplitting: {
          groups: [
            { name: 'framework', test: (id: string) => FRAMEWORK.test(id), priority: 20 },
            { name: 'app', test: (id: string) => APP_CORE.test(id) && !LAZY_IN_APP_CORE.test(id), priority: 10 },
          ],
        },
      },
    },
  },
});
