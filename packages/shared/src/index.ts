export * from './errors.js';
export * from './limits.js';
export * from './categories.js';
