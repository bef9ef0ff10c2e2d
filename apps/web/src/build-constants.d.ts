/** The year the site was built, set by Vite's `define` (vite.config.ts). */
declare const __BUILD_YEAR__: number;
