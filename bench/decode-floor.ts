// `node --import tsx bench/decode-floor.ts <folder with data.zip, data.7z, data.tar.gz>` (a scale
// set kept with SCALE_KEEP): how fast the decoders we use can be at best, beside native's whole
// extraction of the same archives, in alternated rounds. The speed goals are ratios of
// native's time; a decoder alone slower than that ratio allows cannot meet it, whatever else is
// made faster (docs/decisions/040-speed-floors.md has the figures and what they mean).
//
// - Browser: DecompressionStream('gzip') over the .tar.gz, already in memory, in a worker, fed
//   1 MiB writes and nothing done with its output: the site's gzip decoding with no file read,
//   no tar, no store.
// - Node: 7-Zip's WebAssembly build testing the .7z (`t`, decoding and CRC checks without
//   writing) in one instance, its CPU seconds: split over two cores at best as `cpu / 2`.
// A benchmark, not a test: it prints numbers.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForBrowser, serveFiles } from '@archive-opener/test-support/browser-harness';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { nodeSevenZipFactory } from '../packages/engine/src/host-node/sevenzip-node.js';
import { alternate, freshDir, median } from './measure.js';
import { nativeExtract } from './native-tools.js';

const ROUNDS = Number(process.env['FLOOR_ROUNDS'] ?? 3);

const DECODE_IN_WORKER = `
self.onmessage = async ({ data: bytes }) => {
  const started = performance.now();
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let out = 0;
  const drained = (async () => {
    for (let next = await reader.read(); !next.done; next = await reader.read()) out += next.value.length;
  })();
  for (let at = 0; at < bytes.length; at += 1 << 20) await writer.write(bytes.subarray(at, at + (1 << 20)));
  await writer.close();
  await drained;
  self.postMessage({ seconds: (performance.now() - started) / 1000, out });
};`;

/** CPU seconds of one 7-Zip WebAssembly instance testing `archive` from its in-memory file system. */
async function sevenZipTestCpu(archive: Uint8Array): Promise<number> {
  const errors: string[] = [];
  const sz = await nodeSevenZipFactory({ print: () => undefined, printErr: (line) => errors.push(line) });
  sz.FS.writeFile('/a.7z', archive);
  const before = process.cpuUsage();
  sz.callMain(['t', '-bd', '/a.7z']);
  const used = process.cpuUsage(before);
  if (errors.length > 0) throw new Error(errors.join('\n'));
  return (used.user + used.system) / 1e6;
}

async function browserGunzipSeconds(archive: string, rounds: number): Promise<number[]> {
  const work = await mkdtemp(join(tmpdir(), 'ao-floor-page-'));
  const worker = join(work, 'decode.js');
  await bundleForBrowser({ contents: DECODE_IN_WORKER, resolveDir: work }, worker);
  await writeFile(join(work, 'index.html'), '<!doctype html><title>floor</title>');
  const { server, origin } = await serveFiles(
    new Map([
      ['/', join(work, 'index.html')],
      ['/decode.js', worker],
      ['/data.tar.gz', archive],
    ]),
  );
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const seconds: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      seconds.push(
        await page.evaluate(`(async () => {
          const bytes = new Uint8Array(await (await fetch('/data.tar.gz')).arrayBuffer());
          const worker = new Worker('/decode.js');
          const answer = await new Promise((resolve) => {
            worker.onmessage = ({ data }) => resolve(data);
            worker.postMessage(bytes, [bytes.buffer]);
          });
          worker.terminate();
          return answer.seconds;
        })()`),
      );
    }
    return seconds;
  } finally {
    await browser.close();
    server.close();
    await rm(work, { recursive: true, force: true });
  }
}

const folder = process.argv[2];
if (!folder) throw new Error('usage: decode-floor.ts <folder with data.zip, data.7z and data.tar.gz>');
const tarGz = join(folder, 'data.tar.gz');
const sevenZip = join(folder, 'data.7z');
const sevenZipBytes = new Uint8Array(await readFile(sevenZip));
const out = join(tmpdir(), 'ao-floor-out');
// Native's whole extraction (into a fresh folder, outside the timed span) and the WebAssembly
// 7-Zip's CPU seconds, in rotating order after a warm-up round.
const node = await alternate(['bsdtar', '7zz', 'wasm'] as const, ROUNDS, async (who) => {
  if (who === 'wasm') return sevenZipTestCpu(sevenZipBytes);
  await freshDir(out);
  const started = performance.now();
  await nativeExtract(who === 'bsdtar' ? 'tar.gz' : '7z', who === 'bsdtar' ? tarGz : sevenZip, out);
  return (performance.now() - started) / 1000;
});
await rm(out, { recursive: true, force: true });
const [bsdtar, sevenZz, wasmCpu] = [node.bsdtar, node['7zz'], node.wasm];
const gunzip = await browserGunzipSeconds(tarGz, ROUNDS);
const bound = (nativeSeconds: number, floor: number) => (nativeSeconds / floor).toFixed(2);
console.log(`decode floors, medians of ${ROUNDS} rounds (${folder})`);
console.log(
  `tar.gz  bsdtar -x ${median(bsdtar).toFixed(2)} s; browser DecompressionStream alone ${median(gunzip).toFixed(2)} s` +
    ` → the browser's ratio can be at most ${bound(median(bsdtar), median(gunzip))}`,
);
console.log(
  `7z      7zz x ${median(sevenZz).toFixed(2)} s; 7-Zip WebAssembly t, one instance ${median(wasmCpu).toFixed(2)} CPU s, ` +
    `on two cores at best ${(median(wasmCpu) / 2).toFixed(2)} s → a ratio of at most ${bound(median(sevenZz), median(wasmCpu) / 2)}`,
);
