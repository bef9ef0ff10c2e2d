export * from './extractions.js';
