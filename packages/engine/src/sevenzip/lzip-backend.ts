import { LimitTracker } from '../core/limit-tracker.js';
import { detectFormat } from '../core/detect.js';
import { NameAllocator } from '../core/name-allocator.js';
import type { OutputSink } from '../core/output-sink.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import type { ExtractResult } from '../core/types.js';
import { extractTarStream } from '../tar/tar-backend.js';
import { contained, mapSevenZipFailure } from './error-map.js';
import { guardFileSystem } from './fs-guard.js';
import { lzipMembersAsLzma } from './lzip-to-lzma.js';
import type { SevenZipJob } from './sevenzip-backend.js';
import { createSevenZip, runCommand } from './sevenzip-module.js';
import { decompressedName } from './stream-name.js';

/**
 * .lz and .tar.lz: each member is decoded by 7-Zip's LZMA decoder (rewrapped, see
 * lzip-to-lzma.ts) into its in-memory file system, guarded like any output; the joined payload
 * is then our tar reader's input, or the one file of the archive.
 */
export async function extractLzip(job: SevenZipJob, sink: OutputSink): Promise<ExtractResult> {
  const source = job.sources[0];
  if (!source) throw new Error('no input');
  const { sz, output } = await createSevenZip(job.factory);
  const tracker = new LimitTracker(job.limits, source.size);
  const members = await lzipMembersAsLzma(source);
  members.forEach((member, index) => sz.FS.writeFile(`/member${index}.lzma`, member));
  const root = sink.mountStaging(sz, true);
  // Installed after the inputs are in place: from here on, only output under `root` is allowed.
  guardFileSystem(sz.FS, root, tracker, () => undefined);
  const parts: Uint8Array[] = [];
  try {
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
  } finally {
    await sink.clearStaging(sz);
  }
  const payload = new Blob(parts as BlobPart[]);
  const name = decompressedName(source.name) ?? `${source.name}.out`;
  if (detectFormat(new Uint8Array(await payload.slice(0, 1024).arrayBuffer())) === 'tar') {
    const result = await extractTarStream(payload.stream(), sink, job.limits, job.options, {
      format: 'tar.lz',
      archiveBytes: source.size,
      bytesTotal: payload.size,
    });
    return { ...result, format: 'tar.lz' };
  }
  const path = new NameAllocator().allocate(toSafeRelativePath(name) ?? 'data', 'file');
  await sink.writeFile(path, payload.stream());
  return { format: 'lz', entries: [{ path, type: 'file', size: payload.size }] };
}
