import type { ExtractionLimits } from '@archive-opener/shared';
import { checkDeclaredLimits } from '../core/declared-limits.js';
import { EngineError } from '../core/engine-error.js';
import { LimitTracker } from '../core/limit-tracker.js';
import type { OutputSink } from '../core/output-sink.js';
import { ProgressReporter } from '../core/progress-reporter.js';
import type { ArchiveSource, ExtractResult, ListedEntry, ListResult, OperationOptions } from '../core/types.js';
import { extractEvery, EntryWriter } from '../core/entry-writer.js';
import type { ArchiveEntry } from '../core/entry-writer.js';
import { corrupt, IsoFallback, IsoImage } from './iso-image.js';
import { readTree, type IsoNode } from './iso-tree.js';
import { zisofsBlocks } from './iso-zisofs.js';

/**
 * ISO 9660 images read by us rather than 7-Zip, which prefers Joliet names over Rock Ridge
 * (losing symlinks) and trips on continuation areas, relocated directories and zisofs. The
 * whole tree is read (and checked) first; content is then read straight from the image.
 */

export { IsoFallback };

/** Plain content is read from the image in pieces this big. */
const CHUNK_BYTES = 1 << 20;

export async function listIso(source: ArchiveSource, options: OperationOptions, format?: string): Promise<ListResult> {
  const nodes = await readNodes(source);
  const entries = nodes.map(toListed);
  new ProgressReporter(options.onProgress).phase('listing', source.size, source.size, entries.length);
  return { format: format ?? 'iso', entries, encryptedHeaders: false };
}

export async function extractIso(
  source: ArchiveSource,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  format?: string,
): Promise<ExtractResult> {
  const image = new IsoImage(source);
  const nodes = await readNodes(source, image);
  checkDeclaredLimits(nodes.map(toListed), limits, source.size);
  const total = nodes.reduce((sum, node) => sum + node.size, 0);
  const job = new EntryWriter(sink, new LimitTracker(limits, source.size), options, total);
  let index = 0;
  const reader = {
    next: async (): Promise<ArchiveEntry | null> => {
      const node = nodes[index];
      index += 1;
      return node ? asTarEntry(image, node) : null;
    },
    cancel: async (): Promise<void> => undefined,
  };
  const entries = await extractEvery(reader, job, (entry) => job.extract(entry), mapFailure);
  return { format: format ?? 'iso', entries };
}

/** Reading the tree writes nothing: whatever is not damage of ours goes to 7-Zip. */
async function readNodes(source: ArchiveSource, image = new IsoImage(source)): Promise<IsoNode[]> {
  try {
    return await readTree(image);
  } catch (error) {
    if (error instanceof EngineError || error instanceof IsoFallback) throw error;
    throw new IsoFallback(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

function mapFailure(error: unknown): Error {
  if (error instanceof EngineError) return error;
  return corrupt(error instanceof Error ? error.message : String(error));
}

function toListed(node: IsoNode): ListedEntry {
  const listed: ListedEntry = { name: node.name, type: node.type, size: node.size, encrypted: false };
  if (node.modified) listed.modified = node.modified.toISOString();
  if (node.linkTarget !== undefined) listed.linkTarget = node.linkTarget;
  return listed;
}

/** The shared tar/cpio extraction takes entries that pull their content piece by piece. */
function asTarEntry(image: IsoImage, node: IsoNode): ArchiveEntry {
  const pieces = node.type === 'file' ? contentOf(image, node) : null;
  const read = async (): Promise<Uint8Array | null> => {
    if (!pieces) return null;
    const next = await pieces.next();
    return next.done ? null : next.value;
  };
  return {
    name: node.name,
    linkName: node.linkTarget ?? '',
    kind: node.type,
    size: node.size,
    mtime: node.modified,
    read,
  };
}

async function* contentOf(image: IsoImage, node: IsoNode): AsyncGenerator<Uint8Array> {
  const what = `the content of ${node.name}`;
  if (node.zisofsBlockLog2 !== undefined) {
    yield* zisofsBlocks(image, node.extents, node.size, what);
    return;
  }
  for (const extent of node.extents) {
    for (let at = 0; at < extent.length; at += CHUNK_BYTES) {
      yield await image.read(extent.offset + at, Math.min(CHUNK_BYTES, extent.length - at), what);
    }
  }
}
