// Our Node engine for `npm run bench`, in a process of its own, as the CLI and the server's
// workers run it. In the bench's own process, whose heap holds Playwright and the browser
// session, every major GC that an extraction's buffers set off had all of that to mark too
// (alternated in one probe: tar.gz 0.17 s there, 0.08 s without the browser session).
// Usage: process.fork with an IPC channel; each message { archive, outDir } is answered with
// { seconds } or { error }.
import { extractArchive } from '@archive-opener/engine/node';

interface Request {
  archive: string;
  outDir: string;
}

process.on('message', (request: Request) => {
  const start = performance.now();
  extractArchive([request.archive], request.outDir).then(
    () => process.send?.({ seconds: (performance.now() - start) / 1000 }),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
  );
});
