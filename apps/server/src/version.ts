// The version the admin's system status shows: the server package's, read once at start.
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };

export const SERVER_VERSION = typeof packageJson.version === 'string' ? packageJson.version : 'unknown';
