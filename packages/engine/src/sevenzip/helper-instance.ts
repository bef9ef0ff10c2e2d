import type { InputMounter } from '../core/output-sink.js';
import { EngineError } from '../core/engine-error.js';
import { entryTime } from '../core/entry-time.js';
import { LimitTracker } from '../core/limit-tracker.js';
import { contained, mapSevenZipFailure } from './error-map.js';
import { guardFileSystem } from './fs-guard.js';
import type { HelperEntry, HelperOutput, HelperRequest } from './helper-protocol.js';
import { growMemfsFilesByDoubling } from './memfs-growth.js';
import { createSevenZip, runCommand, type SevenZipFactory, type SevenZipModule } from './sevenzip-module.js';
import { sharedTally } from './shared-tally.js';
import { baseSwitches } from './switches.js';
import { sumPartAsWritten } from './part-sum.js';

const OUTPUT = '/out';
/** Where the instance's command extracts to: its entries' paths are relative to this folder. */
export const HELPER_EXTRACTS_TO = `${OUTPUT}/1`;
/** Outside the output folder: the guard refuses files there, so the list is written before it. */
export const NAME_LIST = '/names.txt';

/** Another instance failed or the extraction was cancelled: this one stops at its next write. */
export const stoppedByOther = (): EngineError =>
  new EngineError('CANCELLED', 'Another 7-Zip instance of this extraction stopped.');

/** 7-Zip's switches that take exactly the names of `NAME_LIST` (`-i`) or all but them (`-x`). */
export function nameListSwitches(kind: 'i' | 'x'): string[] {
  // -scsUTF-8: the list's text; -spd: names are names, not wildcards; r-: each from the root.
  return ['-scsUTF-8', '-spd', `-${kind}r-@${NAME_LIST}`];
}

/** Writes the names, one a line, into the instance, before its file system is guarded. */
export function writeNameList(sz: SevenZipModule, names: readonly string[]): void {
  sz.FS.writeFile(NAME_LIST, `${names.join('\n')}\n`);
}

/**
 * Runs the second 7-Zip instance of a split 7z (sevenzip/folder-split.ts): extracts the named
 * files, counting bytes and entries into the shared totals (so every limit holds for the sum),
 * and hands each file over through the host's output. Stops when the other instance asks.
 */
export async function runHelperInstance<Taken>(
  factory: SevenZipFactory,
  inputs: InputMounter,
  out: HelperOutput<Taken>,
  request: HelperRequest,
  crc32?: (bytes: Uint8Array) => number,
): Promise<HelperEntry[]> {
  const shared = sharedTally(request.tally);
  try {
    const { sz, output } = await createSevenZip(factory);
    const archivePath = request.view ? inputs.mountView(sz, request.view) : inputs.mount(sz);
    writeNameList(sz, request.names);
    sz.FS.mkdir(OUTPUT);
    growMemfsFilesByDoubling(sz, OUTPUT);
    out.attach(sz, OUTPUT);
    const partPath = request.sumPart === undefined ? null : `${HELPER_EXTRACTS_TO}/${request.sumPart}`;
    const part = partPath !== null && crc32 ? sumPartAsWritten(sz, OUTPUT, partPath, crc32) : null;
    try {
      const tracker = new LimitTracker(request.limits, request.archiveBytes, shared.tally);
      const onWrite = () => {
        if (shared.stopped) throw stoppedByOther();
      };
      const guard = guardFileSystem(sz.FS, OUTPUT, tracker, onWrite, {
        dirsCounted: false,
        ...(partPath !== null && { restOfCutFile: partPath.slice(OUTPUT.length + 1) }),
      });
      const passwordGiven = Boolean(request.password);
      const args = [
        'x',
        `-o${HELPER_EXTRACTS_TO}`,
        '-y',
        '-aoa',
        ...baseSwitches(request.password),
        ...nameListSwitches('i'),
        '--',
        archivePath,
      ];
      const run = contained(() => runCommand(sz, output, args), { passwordProblem: false, passwordGiven, tracker });
      if (tracker.tripped) throw tracker.tripped;
      guard.settle();
      const failure = mapSevenZipFailure(run, { passwordGiven, recognised: true });
      if (failure) throw failure;
      return guard.staged
        .filter((e) => e.stagedPath.startsWith('1/') && e.supersededName === undefined)
        .map((e): HelperEntry => {
          const stagedPath = e.stagedPath.slice(2);
          // A folder's time is the listing's (adopt-staged.ts).
          if (e.type === 'dir') return { stagedPath, type: 'dir', size: 0, modified: null };
          if (e.type === 'symlink')
            return { stagedPath, type: 'symlink', size: 0, modified: null, linkTarget: e.linkTarget ?? '' };
          const path = `${HELPER_EXTRACTS_TO}/${stagedPath}`;
          // Set by 7-Zip as it closed the file.
          const { size, mtime } = sz.FS.stat(path);
          const file: HelperEntry = {
            stagedPath,
            type: 'file',
            size,
            modified: entryTime(mtime.getTime()),
            taken: out.take(sz, path),
          };
          const sum = path === partPath ? part?.sumOf(size) : null;
          if (sum) file.sum = sum;
          return file;
        });
    } finally {
      out.close();
    }
  } catch (error) {
    // The other instance stops too: this extraction has failed.
    shared.stop();
    throw error;
  }
}
