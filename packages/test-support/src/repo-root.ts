import { fileURLToPath } from 'node:url';

/** The repository's root folder, ending with a slash. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
