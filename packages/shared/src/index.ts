export * from './errors.js';
export * from './limits.js';
export * from './categories.js';
export * from './languages.js';
export * from './site-pages.js';
export * from './data-policy.js';
export * from './usage-statistics.js';
export * from './static-files.js';
