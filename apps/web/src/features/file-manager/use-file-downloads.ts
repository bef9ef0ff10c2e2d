import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { downloadAsZip, downloadEach, downloadFile } from './downloads';
import type { ExtractedFile } from './extracted-file';

/**
 * The download actions with the visitor's feedback (spec section 8's toasts). Staggered
 * downloads still pending when the file manager goes away are cancelled.
 */
export function useFileDownloads(archiveName: string | null) {
  const { t } = useTranslation();
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const downloadOne = useCallback(
    (file: ExtractedFile) => {
      try {
        downloadFile(file);
      } catch {
        toast.error(t('fileManager.toast.downloadFailed'), { description: t('fileManager.toast.fileFailed') });
      }
    },
    [t],
  );

  const downloadAll = useCallback(
    (files: readonly ExtractedFile[]) => {
      if (files.length === 0) return;
      // A second click restarts the sequence rather than interleaving two of them.
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      toast.success(t('fileManager.toast.downloadsStarted'), {
        description: t('fileManager.toast.downloadsStartedDescription', { count: files.length }),
      });
      downloadEach(files, { signal: controller.signal }).catch(() => {
        toast.error(t('fileManager.toast.downloadFailed'), { description: t('fileManager.toast.fileFailed') });
      });
    },
    [t],
  );

  /** Resolves once the ZIP has been handed to the browser or the failure shown. */
  const downloadZip = useCallback(
    async (files: readonly ExtractedFile[]) => {
      if (files.length === 0) return;
      try {
        await downloadAsZip(files, archiveName);
        toast.success(t('fileManager.toast.zipStarted'), {
          description: t('fileManager.toast.zipStartedDescription', { count: files.length }),
        });
      } catch {
        toast.error(t('fileManager.toast.downloadFailed'), { description: t('fileManager.toast.zipFailed') });
      }
    },
    [archiveName, t],
  );

  return { downloadOne, downloadAll, downloadZip };
}
