export * from './errors.js';
export * from './limits.js';
