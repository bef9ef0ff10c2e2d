import { describe, expect, it } from 'vitest';
import { groupVolumes } from '../extractor/volume-sets';
import { consumeLaunchQueue, type LaunchParamsLike, type LaunchQueueLike } from './launch-queue';

const file = (name: string) => new File([new Uint8Array(8)], name);
const fileHandle = (launched: File) => ({ kind: 'file' as const, getFile: () => Promise.resolve(launched) });

/**
 * The browser's launch queue as Chromium behaves: launches that arrive before a consumer wait for
 * it, later ones go to it at once (jsdom has no launch queue of its own).
 */
class TestLaunchQueue implements LaunchQueueLike {
  private consumer: ((params: LaunchParamsLike) => unknown) | null = null;
  private readonly waiting: LaunchParamsLike[] = [];
  setConsumer(consumer: (params: LaunchParamsLike) => unknown): void {
    this.consumer = consumer;
    for (const params of this.waiting.splice(0)) void consumer(params);
  }
  async launch(params: LaunchParamsLike): Promise<void> {
    if (this.consumer) await this.consumer(params);
    else this.waiting.push(params);
  }
}

/** Resolves with the files of the next hand-off to the extractor. */
function nextHandOff(queue: TestLaunchQueue): Promise<File[]> {
  return new Promise((resolve) => consumeLaunchQueue(queue, resolve));
}

describe('the launchQueue consumer ("Open with" on the desktop)', () => {
  it('hands files opened before the page was ready to the extractor, in order, as one drop', async () => {
    const queue = new TestLaunchQueue();
    const opened = ['photos.zip', 'backup.7z.001', 'backup.7z.002', 'backup.7z.003'].map(file);
    await queue.launch({ files: opened.map(fileHandle) });
    const handed = await nextHandOff(queue);
    expect(handed).toEqual(opened);
    // What the extractor makes of them, as of dropped files: a batch of the ZIP and one three-part set.
    const selections = groupVolumes(handed);
    expect(selections.map((selection) => [selection.name, selection.parts.length])).toEqual([
      ['photos.zip', 1],
      ['backup.7z.001', 3],
    ]);
  });

  it('hands over every later launch too, skips folders, and ignores a launch without files (the app icon)', async () => {
    const queue = new TestLaunchQueue();
    const handOffs: File[][] = [];
    consumeLaunchQueue(queue, (files) => handOffs.push(files));
    await queue.launch({ files: [] });
    await queue.launch({});
    const later = file('later.tar.gz');
    await queue.launch({ files: [{ kind: 'directory' }, fileHandle(later)] });
    expect(handOffs).toEqual([[later]]);
  });

  it('reports a file that cannot be read instead of handing over part of a launch', async () => {
    const queue = new TestLaunchQueue();
    const handOffs: File[][] = [];
    const errors: unknown[] = [];
    consumeLaunchQueue(
      queue,
      (files) => handOffs.push(files),
      (error) => errors.push(error),
    );
    const gone = { kind: 'file' as const, getFile: () => Promise.reject(new DOMException('moved', 'NotFoundError')) };
    await queue.launch({ files: [fileHandle(file('a.zip')), gone] });
    expect(handOffs).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('does nothing where the browser has no launch queue', () => {
    expect(consumeLaunchQueue(undefined, () => undefined)).toBe(false);
  });
});
