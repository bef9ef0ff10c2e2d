// The engine's browser client: what the page runs beside the engine's worker (the worker's side
// is ../index.ts). Its speed devices (held bytes and their budget, the output stores) live here,
// not in the web app.
export { deviceHeldOutputBudget, heldOutputBudget } from '../held-output-budget.js';
export { heldOutputAccount, leaseHeldOutput, type HeldOutputAccount, type HeldOutputLease } from './held-output-account.js';
export {
  keepOutputStores,
  leaseOutputStore,
  leaseOutputStoreAhead,
  outputStoresAvailable,
  sweepOutputStores,
  type OutputStoreLease,
} from './output-stores.js';
export { joinFileParts } from './file-parts.js';
export { ON_THE_DISK } from './on-the-disk.js';
export { pageFileBytes, type FileContents, type PageFileBytes } from './page-file-bytes.js';
export { browserStorageLimit, deviceStorageLimit, type BrowserStorageLimit } from './storage-limit.js';
