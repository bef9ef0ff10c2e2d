import { toEngineError } from '../core/engine-error.js';
import { extractFiles } from './index.js';
import { browserSevenZipFactory } from './sevenzip-browser.js';
import { createSevenZip, runCommand, type RunOutput, type SevenZipModule } from '../sevenzip/sevenzip-module.js';
import type { WarmUpKind, WarmUpReport } from './worker-protocol.js';

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

/** The archive each pipeline extracts, made by 7-Zip from the sample files in /w. */
const BUILDS: Record<WarmUpKind, { name: string; commands: string[][] }> = {
  '7z': { name: 'warm-up.7z', commands: [['a', '-t7z', '-m0=lzma2', '-mx1', '/warm-up.7z', '/w/*']] },
  zip: { name: 'warm-up.zip', commands: [['a', '-tzip', '-mx1', '/warm-up.zip', '/w/*']] },
  'tar.gz': {
    name: 'warm-up.tar.gz',
    commands: [
      ['a', '-ttar', '/warm-up.tar', '/w/*'],
      ['a', '-tgzip', '-mx1', '/warm-up.tar.gz', '/warm-up.tar'],
    ],
  },
};

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
    const { sz, output } = await createSevenZip(browserSevenZipFactory(wasmUrl));
    writeSampleFiles(sz);
    // The page's list is taken as a wish: a name this worker does not know is passed over.
    for (const kind of kinds.filter((name) => Object.hasOwn(BUILDS, name))) {
      if (await stoppedMeanwhile(stopped)) break;
      const archive = buildArchive(sz, output, kind);
      if (await stoppedMeanwhile(stopped)) break;
      await extractFiles([archive], wasmUrl);
      warmed.push(kind);
    }
    return report();
  } catch (error) {
    return report(error);
  }
}

/** Lets a request posted meanwhile be received (a message is a task, not a microtask), then asks. */
async function stoppedMeanwhile(stopped: () => boolean): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return stopped();
}

function writeSampleFiles(sz: SevenZipModule): void {
  sz.FS.mkdir('/w');
  sz.FS.mkdir('/w/files');
  for (let i = 0; i < SMALL_FILES; i += 1) sz.FS.writeFile(`/w/files/${i}.txt`, sampleText(256 + ((i * 977) % 1024), i + 1));
  sz.FS.writeFile('/w/large.txt', sampleText(LARGE_FILE_BYTES, SMALL_FILES + 1));
}

function buildArchive(sz: SevenZipModule, output: RunOutput, kind: WarmUpKind): File {
  const { name, commands } = BUILDS[kind];
  for (const command of commands) {
    const run = runCommand(sz, output, [...command, '-bsp0', '-bb0']);
    if (run.exitCode !== 0) throw new Error(`7-Zip could not make ${name}: ${run.stderr.join(' ').trim()}`);
  }
  return new File([sz.FS.readFile(`/${name}`) as Uint8Array<ArrayBuffer>], name);
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
