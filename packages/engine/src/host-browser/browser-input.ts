import { BROWSER_LIMITS } from '@archive-opener/shared';
import { EngineError } from '../core/engine-error.js';
import type { InputMounter } from '../core/output-sink.js';
import { blobSource } from './blob-source.js';
import { browserSevenZipFactory } from './sevenzip-browser.js';
import { readInputsThroughWindow } from './workerfs-window.js';

/** 7-Zip reads the parts in place through WORKERFS (lazy File slices, windowed), side by side in /in. */
function workerInputs(files: readonly File[]): InputMounter {
  return {
    mount(sz) {
      sz.FS.mkdir('/in');
      sz.FS.mount(sz.WORKERFS, { files }, '/in');
      readInputsThroughWindow(sz);
      return `/in/${files[0]?.name ?? ''}`;
    },
    mountView(sz, view) {
      const [file] = files;
      if (!file) throw new EngineError('INTERNAL', 'No archive to make a view of.');
      // A Blob made of the parts: nothing is copied, and reads go through the same window.
      const made = new File([view.head as BlobPart, file.slice(view.from, view.to), view.tail as BlobPart], view.name);
      sz.FS.mkdir('/view');
      sz.FS.mount(sz.WORKERFS, { files: [made] }, '/view');
      return `/view/${view.name}`;
    },
  };
}

/** What the engine is given in a worker: the parts, 7-Zip from `wasmUrl`, the browser's limits. */
export function browserInput(files: readonly File[], wasmUrl: string) {
  return {
    sources: files.map((file) => blobSource(file)),
    sevenZip: browserSevenZipFactory(wasmUrl),
    mountInputs: workerInputs(files),
    defaultLimits: BROWSER_LIMITS,
  };
}
