// One extraction through the server's worker path (extractInWorker, the server's heap cap) in a
// process of its own, so its peak RSS is that job's: the worker's heap, its WebAssembly memory and
// the result handed back. Usage: node --import tsx bench/worker-rss-child.ts <archive> <outDir>
import { SERVER_WORKER_HEAP_MB } from '@archive-opener/shared';
import { extractInWorker } from '@archive-opener/engine/node';

const [archive, outDir] = process.argv.slice(2);
if (!archive || !outDir) throw new Error('usage: worker-rss-child.ts <archive> <outDir>');
const start = performance.now();
let entries = 0;
let error: string | undefined;
try {
  entries = (await extractInWorker([archive], outDir, { maxHeapMb: SERVER_WORKER_HEAP_MB, timeoutMs: 600_000 })).entries.length;
} catch (caught) {
  error = caught instanceof Error ? caught.message : String(caught);
}
const seconds = (performance.now() - start) / 1000;
console.log(JSON.stringify({ maxRssKB: process.resourceUsage().maxRSS, seconds, entries, error }));
