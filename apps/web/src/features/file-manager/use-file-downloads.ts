import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { downloadAsZip, downloadEach, downloadFile } from './downloads';
import type { ExtractedFile } from './extracted-file';
import { ensureAvailable, isGone } from './files-expiry';

/**
 * The download actions with the visitor's feedback (the toasts of
 * docs/product.md#errors-and-notifications). Files on the server are checked first: an expired
 * job's download would otherwise fail in the browser's download manager without a word here;
 * `onGone` then tells the file manager. Staggered downloads still pending when the file manager
 * goes away are cancelled.
 */
export function useFileDownloads(archiveName: string | null, onGone?: () => void) {
  const { t } = useTranslation();
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const failed = useCallback(
    (error: unknown, description: string) => {
      toast.error(t('fileManager.toast.downloadFailed'), { description });
      if (isGone(error)) onGone?.();
    },
    [t, onGone],
  );

  const downloadOne = useCallback(
    async (file: ExtractedFile) => {
      try {
        await ensureAvailable([file]);
        await downloadFile(file);
      } catch (error) {
        failed(error, t('fileManager.toast.fileFailed'));
      }
    },
    [t, failed],
  );

  const downloadAll = useCallback(
    async (files: readonly ExtractedFile[]) => {
      if (files.length === 0) return;
      // A second click restarts the sequence rather than interleaving two of them.
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      try {
        await ensureAvailable(files);
      } catch (error) {
        failed(error, t('fileManager.toast.fileFailed'));
        return;
      }
      toast.success(t('fileManager.toast.downloadsStarted'), {
        description: t('fileManager.toast.downloadsStartedDescription', { count: files.length }),
      });
      downloadEach(files, { signal: controller.signal }).catch((error: unknown) =>
        failed(error, t('fileManager.toast.fileFailed')),
      );
    },
    [t, failed],
  );

  /** Resolves once the ZIP has been handed to the browser or the failure shown. */
  const downloadZip = useCallback(
    async (files: readonly ExtractedFile[]) => {
      if (files.length === 0) return;
      try {
        await ensureAvailable(files);
        if ((await downloadAsZip(files, archiveName)) === 'cancelled') return;
        toast.success(t('fileManager.toast.zipStarted'), {
          description: t('fileManager.toast.zipStartedDescription', { count: files.length }),
        });
      } catch (error) {
        failed(error, t(isGone(error) ? 'fileManager.toast.fileFailed' : 'fileManager.toast.zipFailed'));
      }
    },
    [archiveName, t, failed],
  );

  return { downloadOne, downloadAll, downloadZip };
}
