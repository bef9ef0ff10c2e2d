// Loaded with `node --require` into a process the scale phase times (bench/scale.ts): on exit it
// writes the process's peak RSS (KB, worker threads included: they share the process) to the
// file named by ARCHIVE_OPENER_PEAK_RSS_FILE. CommonJS, so it loads without tsx.
const { writeFileSync } = require('node:fs');

const file = process.env.ARCHIVE_OPENER_PEAK_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
