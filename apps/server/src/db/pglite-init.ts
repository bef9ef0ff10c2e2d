// Creates a PGlite data folder (initdb) in a short-lived child process: `node pglite-init.js
// <folder> <postgresql.conf lines>`. initdb grows PGlite's WebAssembly memory to ~700 MB and
// WebAssembly memory never shrinks; done in the server's process, the server would keep that (and
// count it in its peak) for its whole life. The child gives it back when it exits.
import { PGlite } from '@electric-sql/pglite';

const [folder, postgresqlconf = ''] = process.argv.slice(2);
if (!folder) throw new Error('usage: pglite-init <folder> [postgresql.conf]');
const db = await PGlite.create(folder, { postgresqlconf });
await db.close();
