import { Archive, Download, FolderDown, LoaderCircle, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { formatBytes } from '../../lib/format-size';
import { useHydrated } from '../../lib/use-hydrated';
import type { ExtractedFile } from './extracted-file';
import { totalSize } from './file-query';
import { canPickFolder } from './file-system-access';
import { useExtractToFolder } from './use-extract-to-folder';
import { useFileDownloads } from './use-file-downloads';

export interface BulkBarProps {
  files: readonly ExtractedFile[];
  selected: readonly ExtractedFile[];
  archiveName: string | null;
  /** How many files the current filter shows, for 'Select all shown'. */
  shownCount: number;
  onSelectShown: () => void;
  onClearSelection: () => void;
  /** The server no longer has the files (a download found them expired). */
  onGone?: () => void;
}

type ZipJob = 'all' | 'selected';

/**
 * Everything at once: all files as one ZIP or one by one, and the visitor's selection as a ZIP.
 * One ZIP is made at a time (docs/product.md#downloads: idle, creating, idle), since each holds the files'
 * bytes in memory once more.
 */
export function BulkBar({ files, selected, archiveName, shownCount, onSelectShown, onClearSelection, onGone }: BulkBarProps) {
  const { t, i18n } = useTranslation();
  const { downloadAll, downloadZip } = useFileDownloads(archiveName, onGone);
  const [zipping, setZipping] = useState<ZipJob | null>(null);
  const locale = i18n.resolvedLanguage;
  // Offered only where the browser lets a page write into a folder (never in the prerendered HTML).
  const folderPicker = useHydrated() && canPickFolder();
  const toFolder = useExtractToFolder(archiveName, onGone);
  const writing = toFolder.percent !== null;

  const zip = async (job: ZipJob) => {
    setZipping(job);
    try {
      await downloadZip(job === 'all' ? files : selected);
    } finally {
      setZipping(null);
    }
  };
  const zipLabel = (job: ZipJob, idle: string) =>
    zipping === job ? (
      <>
        <LoaderCircle aria-hidden className="animate-spin" />
        {t('fileManager.bulk.creatingZip')}
      </>
    ) : (
      <>
        <Archive aria-hidden />
        {idle}
      </>
    );

  return (
    <div
      role="region"
      aria-label={t('fileManager.bulk.label')}
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm">
          <span className="font-medium">{t('fileManager.bulk.ready', { count: files.length })}</span>
          <span className="text-muted-foreground">
            {' '}
            · {t('fileManager.bulk.totalSize', { size: formatBytes(totalSize(files), locale) })}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={zipping !== null || files.length === 0} aria-busy={zipping === 'all'} onClick={() => void zip('all')}>
            {zipLabel('all', t('fileManager.bulk.downloadZip'))}
          </Button>
          <Button variant="outline" disabled={files.length === 0} onClick={() => void downloadAll(files)}>
            <Download aria-hidden />
            {t('fileManager.bulk.downloadAll')}
          </Button>
          {folderPicker && (
            <Button
              variant="outline"
              disabled={writing || files.length === 0}
              aria-busy={writing}
              onClick={() => void toFolder.extractToFolder(files)}
            >
              {writing ? <LoaderCircle aria-hidden className="animate-spin" /> : <FolderDown aria-hidden />}
              {writing
                ? `${t('fileManager.bulk.writingToFolder')} ${new Intl.NumberFormat(locale, { style: 'percent' }).format((toFolder.percent ?? 0) / 100)}`
                : t('fileManager.bulk.extractToFolder')}
            </Button>
          )}
        </div>
      </div>
      {(selected.length > 0 || shownCount > 0) && (
        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
          {selected.length > 0 && (
            <>
              <p className="me-auto text-sm text-muted-foreground">
                {t('fileManager.bulk.selected', { count: selected.length, size: formatBytes(totalSize(selected), locale) })}
              </p>
              <Button
                variant="secondary"
                size="sm"
                disabled={zipping !== null}
                aria-busy={zipping === 'selected'}
                onClick={() => void zip('selected')}
              >
                {zipLabel('selected', t('fileManager.bulk.downloadSelected', { count: selected.length }))}
              </Button>
              <Button variant="ghost" size="sm" onClick={onClearSelection}>
                <X aria-hidden />
                {t('fileManager.bulk.clearSelection')}
              </Button>
            </>
          )}
          {shownCount > 0 && (
            <Button variant="ghost" size="sm" onClick={onSelectShown} className={selected.length === 0 ? 'me-auto' : undefined}>
              {t('fileManager.bulk.selectShown', { count: shownCount })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
