import { useEffect, useSyncExternalStore } from 'react';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { checksumService, type ChecksumProgress, type ChecksumState } from './checksum-service';

const PENDING: ChecksumState = { status: 'pending' };
const NO_PROGRESS: ChecksumProgress = { done: 0, total: 0 };

/** The file manager's files are hashed in the background while it shows them, and no longer. */
export function useBackgroundChecksums(files: readonly ExtractedFile[]): void {
  useEffect(() => checksumService().track(files), [files]);
  useEffect(() => () => checksumService().track([]), []);
}

/** One card's checksum; while the card is mounted (on screen, the views being virtualised) it goes first. */
export function useFileChecksum(file: ExtractedFile): { state: ChecksumState; retry: () => void } {
  const service = checksumService();
  const state = useSyncExternalStore(
    (listener) => service.subscribe(file, listener),
    () => service.state(file),
    () => PENDING,
  );
  useEffect(() => checksumService().show(file), [file]);
  return { state, retry: () => service.retry(file) };
}

/** How many of the tracked files have their checksum. */
export function useChecksumProgress(): ChecksumProgress {
  const service = checksumService();
  return useSyncExternalStore(
    (listener) => service.subscribeAll(listener),
    () => service.progress(),
    () => NO_PROGRESS,
  );
}
