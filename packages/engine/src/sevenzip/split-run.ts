import { EngineError } from '../core/engine-error.js';
import type { SltListing } from './slt-listing.js';
import type { FolderSplit } from './folder-split.js';
import { planSplit } from './split-plan.js';
import { nameListSwitches, writeNameList } from './helper-instance.js';
import type { HelperEntry, HelperRun } from './helper-protocol.js';
import type { SevenZipJob } from './sevenzip-backend.js';
import type { SevenZipModule } from './sevenzip-module.js';
import { sharedTally, type SharedTally } from './shared-tally.js';
import type { Staging } from './staging.js';

/** A 7z split over two instances: this thread's and the host's second one (docs/decisions/038-sevenzip-on-both-cores.md). */
export interface SplitRun {
  split: FolderSplit;
  shared: SharedTally;
  helper: HelperRun;
  /** The switches that keep the second instance's files out of this instance's command. */
  ownSwitches: string[];
}

/**
 * What this instance decodes before the second starts: its thread and 7-Zip were seen to start
 * 60-170 ms after this one (docs/decisions/043-sevenzip-cut-inside-a-block.md), at ~10 ns a byte.
 */
const HELPER_LATE_BYTES = 8 * 1024 * 1024;

/** How often progress is reported while only the second instance is still writing. */
const WAIT_TICK_MS = 100;

/**
 * Starts the second instance on some of a 7z's solid blocks, or the end of one and those after, when the host and the sink can
 * run one and the archive splits (folder-split.ts); null: this instance extracts everything.
 * Called before this instance's file system is guarded (it writes the name list into it).
 * `ownDir` is where this instance's commands extract to: a file cut in two is made there.
 */
export async function startSplit(
  sz: SevenZipModule,
  job: SevenZipJob,
  listing: SltListing,
  staging: Staging,
  archiveBytes: number,
  ownDir: string,
): Promise<SplitRun | null> {
  const host = job.sevenZipHelper;
  if (!host) return null;
  const split = await planSplit(
    listing,
    job.sources[0],
    host.cores,
    job.options,
    HELPER_LATE_BYTES,
    job.codec,
    staging.joinsParts,
  );
  if (!split) return null;
  const { inFile } = split;
  const destination = staging.helperDestination(
    inFile && { ownPath: `${ownDir}/${inFile.name}`, partName: inFile.partName, offset: inFile.firstBytes },
  );
  if (destination === undefined) return null;
  const shared = sharedTally();
  // This instance's first command leaves out the files it reads from its own view (file-cut.ts).
  writeNameList(sz, [...split.helperNames, ...(split.inFile?.ownNames ?? [])]);
  let helper: HelperRun;
  try {
    helper = await host.start(
      {
        names: split.helperNames,
        ...(split.view && { view: split.view }),
        password: job.options.password,
        limits: job.limits,
        archiveBytes,
        tally: shared.buffer,
        ...(inFile && { sumPart: inFile.partName }),
      },
      destination,
    );
  } catch {
    // No second thread to be had: one instance extracts everything, as it would have anyway. A
    // file the sink placed for the cut (staging.ts `CutFile`) is then this instance's whole file,
    // written into the placed file from its start: as good as any other spooled file.
    return null;
  }
  // Read once this instance is done (or has failed); never left unhandled meanwhile.
  helper.result.catch(() => undefined);
  return { split, shared, helper, ownSwitches: nameListSwitches('x') };
}

/** Waits for the second instance's entries, reporting progress from the shared totals meanwhile. */
export async function helperEntries(run: SplitRun, onTick: () => void): Promise<HelperEntry[]> {
  const timer = setInterval(onTick, WAIT_TICK_MS);
  try {
    return await run.helper.result;
  } finally {
    clearInterval(timer);
  }
}

/**
 * What a split extraction that failed reports: the failure of the instance that failed first.
 * This one stopped because the other asked (it failed): that one's error. Otherwise the other is
 * asked to stop and ended before this one's output is removed.
 */
export async function splitFailure(run: SplitRun, error: unknown): Promise<unknown> {
  const stoppedHere = error instanceof EngineError && error.code === 'CANCELLED' && run.shared.stopped;
  run.shared.stop();
  if (stoppedHere) {
    const theirs = await run.helper.result.then(
      () => null,
      (failure: unknown) => failure,
    );
    if (theirs !== null) return theirs;
  }
  await run.helper.stop();
  return error;
}
