import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ExtractedFile } from './extracted-file';
import { extractToFolder } from './extract-to-folder';
import { pickFolder } from './file-system-access';
import { ensureAvailable, isGone } from './files-expiry';

/**
 * "Extract to folder…" with the visitor's feedback: the picker, then the percent written while
 * the files are written, and a toast for the outcome (as the downloads have). `percent` is null
 * when nothing is being written.
 */
export function useExtractToFolder(archiveName: string | null, onGone?: () => void) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);

  const run = useCallback(
    async (files: readonly ExtractedFile[]) => {
      if (files.length === 0) return;
      // First, while the click still counts as the visitor's: browsers show pickers only then.
      let target: FileSystemDirectoryHandle | null;
      try {
        target = await pickFolder();
      } catch {
        target = null;
      }
      if (!target) return;
      setPercent(0);
      try {
        await ensureAvailable(files);
        const { folder, renamed } = await extractToFolder(files, archiveName, target, ({ bytesDone, bytesTotal }) =>
          setPercent(bytesTotal > 0 ? Math.floor((bytesDone / bytesTotal) * 100) : 100),
        );
        toast.success(t('fileManager.toast.folderDone'), {
          description: renamed
            ? t('fileManager.toast.folderDoneRenamedDescription', { folder, ...renamed })
            : t('fileManager.toast.folderDoneDescription', { folder }),
        });
      } catch (error) {
        toast.error(t('fileManager.toast.folderFailed'), { description: t('fileManager.toast.folderFailedDescription') });
        if (isGone(error)) onGone?.();
      } finally {
        setPercent(null);
      }
    },
    [archiveName, t, onGone],
  );

  return { extractToFolder: run, percent };
}
