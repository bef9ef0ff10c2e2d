export * from './extractions.js';
export * from './contact.js';
export * from './usage-events.js';
export * from './static-file-checks.js';
export * from './admin.js';
