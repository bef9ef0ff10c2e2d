import { useEffect, useRef } from 'react';
import { browserLaunchQueue, consumeLaunchQueue } from './launch-queue';
import { OPEN_WITH_PARAM } from './open-with-url';
import { SHARED_FILES_PARAM } from './share-target-contract';
import { forgetParam, sharedFilesId, takeSharedFiles } from './take-shared-files';

/**
 * Archives that reach the installed app from outside the page ("Open with" on the desktop, the
 * share sheet on Android) go to `onFiles`, the handler of dropped files.
 */
export function useFilesFromOutside(onFiles: (files: File[]) => void): void {
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  });
  useEffect(() => {
    consumeLaunchQueue(browserLaunchQueue(), (files) => latest.current(files));
    // Kept only until the page is running (main.tsx): a reload may follow the visitor's language.
    forgetParam(OPEN_WITH_PARAM);
    const id = sharedFilesId(window.location.search);
    if (id === null || typeof caches === 'undefined') return;
    forgetParam(SHARED_FILES_PARAM);
    takeSharedFiles(id).then(
      (files) => {
        if (files.length > 0) latest.current(files);
      },
      (error: unknown) => console.warn('shared files could not be read', error),
    );
  }, []);
}
