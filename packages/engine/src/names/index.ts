/**
 * What a page needs to name entries again in another code page, with the very rules the engine
 * applied at extraction (docs/decisions/016-names-neutralised.md, 034-names-in-any-encoding.md):
 * small and free of the engine's readers, so the page can import it without them.
 */
export { NAMES_ENCODINGS, nameDecoder, namesEncodingOf, type NamesEncoding } from './names-encoding.js';
export { toSafeRelativePath } from '../core/safe-path.js';
export { NameAllocator } from '../core/name-allocator.js';
