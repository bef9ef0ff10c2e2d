import { Download, Eye, EyeOff, FolderOpen, LoaderCircle, TriangleAlert } from 'lucide-react';
import { nameRisk } from '@archive-opener/shared';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/format-date';
import { formatBytes } from '../../lib/format-size';
import { ChecksumLine, FilePreview, previewKind, Thumbnail, type ThumbnailSize } from '../file-preview';
import { RiskMarker, RiskWarning } from '../integrity/RiskMarker';
import { isArchiveFile } from './archive-name';
import type { ExtractedFile } from './extracted-file';

export interface FileCardProps {
  file: ExtractedFile;
  /** `row`: a wide line (list and tree views); `tile`: a compact block (grid view). */
  layout: 'row' | 'tile';
  thumbnailSize: ThumbnailSize;
  selected: boolean;
  onSelectedChange: (file: ExtractedFile, selected: boolean) => void;
  onDownload: (file: ExtractedFile) => void;
  /** When given, archives not yet opened get an 'Open archive' button. */
  onOpenArchive?: ((file: ExtractedFile) => void) | undefined;
  opening?: boolean;
  opened?: boolean;
}

/**
 * One extracted file: thumbnail, name, category, size, its actions, its checksum and, on demand,
 * its preview. Every control is a sibling (never nested in another), so each is reachable by
 * keyboard and announced on its own; names carry the file name, as a page holds many of them.
 */
export function FileCard({
  file,
  layout,
  thumbnailSize,
  selected,
  onSelectedChange,
  onDownload,
  onOpenArchive,
  opening = false,
  opened = false,
}: FileCardProps) {
  const { t, i18n } = useTranslation();
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewId = useId();
  const tile = layout === 'tile';
  const canPreview = previewKind(file) !== null;
  const folder = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '';
  const canOpen = onOpenArchive !== undefined && !opened && isArchiveFile(file);
  // In a tile, buttons show only their icon; the full name is their accessible name either way.
  const label = (text: string) => <span className={tile ? 'sr-only' : 'max-sm:sr-only'}>{text}</span>;
  const warningId = useId();
  const risk = useMemo(() => nameRisk(file.name), [file.name]);
  const riskId = useId();
  const describedBy = [file.directionControls && warningId, risk && riskId].filter(Boolean).join(' ');

  return (
    <article
      data-file-name={file.name}
      data-preview-open={previewOpen || undefined}
      aria-describedby={describedBy || undefined}
      className={cn(
        'flex h-full min-w-0 flex-col gap-2 rounded-lg border bg-card p-3 text-card-foreground',
        selected ? 'border-primary' : 'border-border',
      )}
    >
      <div className={cn('flex min-w-0 gap-3', tile ? 'flex-col' : 'flex-wrap items-center')}>
        <div className={cn('flex shrink-0 items-center gap-3', tile && 'justify-between')}>
          <input
            type="checkbox"
            checked={selected}
            onChange={(event) => onSelectedChange(file, event.target.checked)}
            aria-label={t('fileManager.card.select', { name: file.name })}
            className="size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <Thumbnail file={file} size={thumbnailSize} />
        </div>
        <div className={cn('min-w-0', !tile && 'flex-1 basis-40')}>
          <p className="truncate font-medium">
            {file.directionControls && (
              // A name that was made to read backwards: marked where the eye reads the name.
              <span
                data-name-warning-marker
                className="me-1.5 inline-flex items-center gap-1 rounded border border-destructive/40 bg-destructive/10 px-1 align-middle text-xs text-destructive"
              >
                <TriangleAlert aria-hidden className="size-3" />
                {t('fileManager.card.renamedMarker')}
              </span>
            )}
            {risk && <RiskMarker risk={risk} />}
            <bdi title={file.path}>{file.name}</bdi>
          </p>
          {folder && (
            // Two files can share a name in different folders: the folder tells them apart.
            <p className="truncate text-xs text-muted-foreground">
              <bdi>{folder}</bdi>
            </p>
          )}
          <p className="truncate text-sm text-muted-foreground">
            {t(`fileManager.categories.${file.category}`)} · {formatBytes(file.size, i18n.resolvedLanguage)}
            {file.modified !== undefined && (
              <>
                {/* Narrow (a phone, a tile): the date has a line of its own, not an ellipsis. */}
                <span className={tile ? 'hidden' : 'max-sm:hidden'}> · </span>
                <time
                  dateTime={new Date(file.modified).toISOString()}
                  title={t('fileManager.card.modified')}
                  className={cn('truncate', tile ? 'block' : 'max-sm:block')}
                >
                  {formatDateTime(file.modified, i18n.resolvedLanguage)}
                </time>
              </>
            )}
          </p>
          {file.directionControls && (
            <p id={warningId} data-name-warning className="text-xs text-destructive">
              {t('fileManager.card.directionControlsWarning')}
            </p>
          )}
          {risk && <RiskWarning risk={risk} id={riskId} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canOpen && (
            <Button
              variant="secondary"
              size={tile ? 'icon' : 'sm'}
              // aria-disabled, not disabled: the button keeps keyboard focus while the archive opens.
              aria-disabled={opening}
              aria-busy={opening}
              className="aria-disabled:cursor-wait aria-disabled:opacity-70"
              aria-label={t(opening ? 'fileManager.card.openingFile' : 'fileManager.card.openArchiveFile', { name: file.name })}
              title={t(opening ? 'fileManager.card.opening' : 'fileManager.card.openArchive')}
              onClick={() => !opening && onOpenArchive(file)}
            >
              {opening ? <LoaderCircle aria-hidden className="animate-spin" /> : <FolderOpen aria-hidden />}
              {label(t(opening ? 'fileManager.card.opening' : 'fileManager.card.openArchive'))}
            </Button>
          )}
          {canPreview && (
            <Button
              variant="outline"
              size={tile ? 'icon' : 'sm'}
              aria-expanded={previewOpen}
              aria-controls={previewOpen ? previewId : undefined}
              aria-label={t(previewOpen ? 'fileManager.card.hidePreviewFile' : 'fileManager.card.previewFile', {
                name: file.name,
              })}
              title={t(previewOpen ? 'fileManager.card.hidePreview' : 'fileManager.card.preview')}
              onClick={() => setPreviewOpen((open) => !open)}
            >
              {previewOpen ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {label(t(previewOpen ? 'fileManager.card.hidePreview' : 'fileManager.card.preview'))}
            </Button>
          )}
          <Button
            size={tile ? 'icon' : 'sm'}
            aria-label={t('fileManager.card.downloadFile', { name: file.name })}
            title={t('fileManager.card.download')}
            onClick={() => onDownload(file)}
          >
            <Download aria-hidden />
            {label(t('fileManager.card.download'))}
          </Button>
        </div>
      </div>
      <div className="min-w-0 overflow-hidden">
        <ChecksumLine file={file} />
      </div>
      {previewOpen && (
        <div id={previewId} className="min-w-0">
          <FilePreview file={file} />
        </div>
      )}
    </article>
  );
}
