// One extraction in a process of its own, so its peak RSS is the engine's alone (the bench's
// parent process has already run every format and holds its own garbage).
// Usage: node --import tsx bench/rss-child.ts <archive> <outDir>   (or --baseline: import only)
import { extractArchive } from '@archive-opener/engine/node';

const [archive, outDir] = process.argv.slice(2);
const start = performance.now();
let entries = 0;
if (archive !== '--baseline') {
  if (!archive || !outDir) throw new Error('usage: rss-child.ts <archive> <outDir> | --baseline');
  entries = (await extractArchive([archive], outDir)).entries.length;
}
// maxRSS is in kilobytes and covers this process only (getrusage RUSAGE_SELF).
const line = { maxRssKB: process.resourceUsage().maxRSS, seconds: (performance.now() - start) / 1000, entries };
console.log(JSON.stringify(line));
