import { LimitTracker } from '../core/limit-tracker.js';
import type { OutputSink } from '../core/output-sink.js';
import type { ArchiveSource, ExtractResult, ListResult } from '../core/types.js';
import { extractDecodedPayload, listDecodedPayload } from '../core/decoded-payload.js';
import { contained, mapSevenZipFailure } from './error-map.js';
import { guardFileSystem } from './fs-guard.js';
import { lzipMembersAsLzma } from './lzip-to-lzma.js';
import type { SevenZipJob } from './sevenzip-backend.js';
import { createSevenZip, runCommand } from './sevenzip-module.js';

/**
 * .lz and .tar.lz: each member is decoded by 7-Zip's LZMA decoder (rewrapped, see
 * lzip-to-lzma.ts) into its in-memory file system, guarded like any output; the joined payload
 * is then our tar reader's input, or the one file of the archive.
 */
export async function extractLzip(job: SevenZipJob, sink: OutputSink): Promise<ExtractResult> {
  const source = job.sources[0] as ArchiveSource;
  return extractDecodedPayload(await decodeLzip(job), source, 'lz', sink, job.limits, job.options);
}

export async function listLzip(job: SevenZipJob): Promise<ListResult> {
  return listDecodedPayload(await decodeLzip(job), job.sources[0] as ArchiveSource, 'lz', job.options);
}

/** The whole decoded payload (every member), written by 7-Zip into its in-memory file system under the guard. */
async function decodeLzip(job: SevenZipJob): Promise<Blob> {
  const source = job.sources[0];
  if (!source) throw new Error('no input');
  const { sz, output } = await createSevenZip(job.factory);
  const tracker = new LimitTracker(job.limits, source.size);
  const members = await lzipMembersAsLzma(source);
  members.forEach((member, index) => sz.FS.writeFile(`/member${index}.lzma`, member));
  const root = '/decoded';
  sz.FS.mkdir(root);
  // Installed after the inputs are in place: from here on, only output under `root` is allowed.
  guardFileSystem(sz.FS, root, tracker, () => undefined);
  const parts: Uint8Array[] = [];
  for (let index = 0; index < members.length; index += 1) {
    const run = contained(
      () => runCommand(sz, output, ['x', `/member${index}.lzma`, `-o${root}/${index}`, '-y', '-bsp0', '-bb0']),
      {
        passwordProblem: false,
        passwordGiven: false,
        tracker,
      },
    );
    const failure = mapSevenZipFailure(run, { passwordGiven: false, recognised: true });
    if (failure) throw failure;
    parts.push(sz.FS.readFile(`${root}/${index}/member${index}`));
  }
  return new Blob(parts as BlobPart[]);
}
