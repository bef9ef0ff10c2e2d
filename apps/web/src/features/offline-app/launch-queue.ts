// "Open with" from the desktop: the installed app is one of the handlers of the archive formats
// (the manifest's file_handlers); the browser hands the chosen files to the page through
// window.launchQueue. They go into the extractor exactly as dropped files do: several files make a
// batch, and the parts of a multi-volume set are recognised as one archive there.

/** The part of a FileSystemHandle the consumer uses (launched files are always file handles). */
export interface LaunchedHandle {
  kind: 'file' | 'directory';
  getFile?: () => Promise<File>;
}

export interface LaunchParamsLike {
  files?: readonly LaunchedHandle[];
}

export interface LaunchQueueLike {
  setConsumer(consumer: (params: LaunchParamsLike) => unknown): void;
}

/** The files of one launch, in the order the browser gave them; folders (never sent today) are skipped. */
export async function launchedFiles(params: LaunchParamsLike): Promise<File[]> {
  const handles = (params.files ?? []).filter((handle) => handle.kind === 'file' && typeof handle.getFile === 'function');
  return Promise.all(handles.map((handle) => (handle.getFile as () => Promise<File>)()));
}

/**
 * Gives every launch's files to `onFiles` (a launch without files, i.e. the app opened from its
 * icon, is ignored). False when the browser has no launch queue.
 */
export function consumeLaunchQueue(
  queue: LaunchQueueLike | undefined,
  onFiles: (files: File[]) => void,
  onError: (error: unknown) => void = (error) => console.warn('files from "Open with" could not be read', error),
): boolean {
  if (!queue) return false;
  queue.setConsumer((params) =>
    launchedFiles(params).then((files) => {
      if (files.length > 0) onFiles(files);
    }, onError),
  );
  return true;
}

/** The browser's launch queue, where it has one (Chromium on desktop, for an installed app). */
export function browserLaunchQueue(): LaunchQueueLike | undefined {
  return (window as Window & { launchQueue?: LaunchQueueLike }).launchQueue;
}
