import { toEngineError } from '../core/engine-error.js';
import { extractFiles } from './index.js';
import { browserSevenZipFactory, compileSevenZip } from './sevenzip-browser.js';
import { createSevenZip, runCommand } from '../sevenzip/sevenzip-module.js';
import { WARM_UP_KINDS, type WarmUpKind, type WarmUpReport } from './worker-protocol.js';
import { tarGzSample, zipSample, type SampleFiles } from './warm-up-samples.js';

/**
 * A worker's first extraction runs cold code: 7-Zip's WASM in V8's baseline tier until its hot
 * functions are recompiled, and the engine's JavaScript in the interpreter. In Chromium on the
 * bench's 50 MB 7z, a second extraction in the same worker took 15% less time than the first
 * (its 7-Zip listing alone 20 ms instead of 50). A prepared worker therefore extracts a few small
 * archives of its own while the visitor is still choosing, through the same code a request
 * takes, so that the visitor's archive meets warm code. V8 shares the optimised code between
 * instances of one compiled module, and each request makes a fresh instance.
 */

/**
 * Sample files: a folder of many small ones (the per-file work: names, hooks, adoption) and one
 * of 64 KiB (zip's streamed inflate starts at 32 KiB). ~150 KB in all keeps each step short:
 * a request that comes meanwhile waits for the step under way (~50 ms at most on the bench's VM).
 */
const SMALL_FILES = 100;
const LARGE_FILE_BYTES = 64 * 1024;

/** The 7z sample, made by 7-Zip from the sample files in /w (the zip and tar.gz ones: warm-up-samples.ts). */
const SEVEN_ZIP_BUILD = ['a', '-t7z', '-m0=lzma2', '-mx1', '/warm-up.7z', '/w/*'];

/**
 * Warms up the given pipelines in turn. `stopped` is asked before every step: a request ends the
 * warm-up there, so that it runs alone. Never throws: a warm-up is only a head start.
 */
export async function warmUp(wasmUrl: string, kinds: readonly WarmUpKind[], stopped: () => boolean): Promise<WarmUpReport> {
  const start = performance.now();
  const warmed: WarmUpKind[] = [];
  const report = (error?: unknown): WarmUpReport => ({
    warmed,
    seconds: (performance.now() - start) / 1000,
    ...(error !== undefined && { error: toEngineError(error).message }),
  });
  try {
    if (kinds.length === 0 || (await stoppedMeanwhile(stopped))) return report();
    const files = sampleFiles();
    // The page's list is taken as a wish: a name this worker does not know is passed over.
    for (const kind of kinds.filter((name) => (WARM_UP_KINDS as readonly string[]).includes(name))) {
      if (await stoppedMeanwhile(stopped)) break;
      if (kind === '7z' && !(await compiledUnlessStopped(wasmUrl, stopped))) break;
      const archive = await buildArchive(wasmUrl, files, kind);
      if (await stoppedMeanwhile(stopped)) break;
      await extractFiles([archive], wasmUrl);
      warmed.push(kind);
    }
    return report();
  } catch (error) {
    return report(error);
  }
}

/**
 * Waits for 7-Zip's compile (~0.1–0.3 s), but not past a request: one that does not run 7-Zip (a
 * zip, a tar.gz) has nothing to wait for, and one that does awaits the same compile itself.
 */
async function compiledUnlessStopped(wasmUrl: string, stopped: () => boolean): Promise<boolean> {
  let settled = false;
  const compiling = compileSevenZip(wasmUrl).finally(() => (settled = true));
  compiling.catch(() => undefined);
  while (!settled) if (await stoppedMeanwhile(stopped)) return false;
  await compiling;
  return true;
}

/** Lets a request posted meanwhile be received (a message is a task, not a microtask), then asks. */
async function stoppedMeanwhile(stopped: () => boolean): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return stopped();
}

function sampleFiles(): SampleFiles {
  const files = Array.from({ length: SMALL_FILES }, (_, i) => ({
    path: `files/${i}.txt`,
    bytes: sampleText(256 + ((i * 977) % 1024), i + 1),
  }));
  return [...files, { path: 'large.txt', bytes: sampleText(LARGE_FILE_BYTES, SMALL_FILES + 1) }];
}

/** Only the 7z sample needs 7-Zip (compiled here, as the 7z's extraction needs it next anyway). */
async function buildArchive(wasmUrl: string, files: SampleFiles, kind: WarmUpKind): Promise<File> {
  if (kind === 'zip') return new File([zipSample(files)], 'warm-up.zip');
  if (kind === 'tar.gz') return new File([tarGzSample(files)], 'warm-up.tar.gz');
  const { sz, output } = await createSevenZip(browserSevenZipFactory(wasmUrl));
  sz.FS.mkdir('/w');
  sz.FS.mkdir('/w/files');
  for (const { path, bytes } of files) sz.FS.writeFile(`/w/${path}`, bytes);
  const run = runCommand(sz, output, [...SEVEN_ZIP_BUILD, '-bsp0', '-bb0']);
  if (run.exitCode !== 0) throw new Error(`7-Zip could not make warm-up.7z: ${run.stderr.join(' ').trim()}`);
  return new File([sz.FS.readFile('/warm-up.7z') as Uint8Array<ArrayBuffer>], 'warm-up.7z');
}

const WORDS = ['archive', 'opener', 'the', 'of', 'data', 'file', 'folder', 'name', 'size', 'return', 'const', '{', '}'];

/** Text-like bytes from a seed (xorshift32): words, line breaks and now and then a run of noise. */
function sampleText(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let state = seed | 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  for (let at = 0; at < length;) {
    const roll = next();
    if (roll % 64 === 0) {
      for (let i = 0; i < 64 && at < length; i += 1) bytes[at++] = next() & 0xff;
      continue;
    }
    const word = WORDS[(roll >>> 8) % WORDS.length] ?? '';
    for (let i = 0; i < word.length && at < length; i += 1) bytes[at++] = word.charCodeAt(i);
    if (at < length) bytes[at++] = (roll & 0x30) === 0 ? 0x0a : 0x20;
  }
  return bytes;
}
