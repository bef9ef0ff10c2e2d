import { formatSha256Sums, SHA256SUMS_FILE_NAME } from '@archive-opener/shared';
import { FileCheck2, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { saveBlob, zipEntryNames } from '../file-manager/downloads';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { checksumService } from './checksum-service';
import { useChecksumProgress } from './use-checksums';

/**
 * The files' SHA256SUMS, as `sha256sum -c` reads it. Paths are those "Download as ZIP" writes
 * (for one archive, its own paths), so the check runs in the unpacked ZIP's folder. Offered once
 * every checksum is known; until then the button counts them.
 */
export function sha256SumsOf(files: readonly ExtractedFile[]): string | null {
  const service = checksumService();
  const names = zipEntryNames(files.map((file) => file.path));
  const lines: { path: string; sha256: string }[] = [];
  for (const [index, file] of files.entries()) {
    const state = service.state(file);
    if (state.status !== 'done') return null;
    lines.push({ path: names[index] ?? file.path, sha256: state.sha256 });
  }
  return formatSha256Sums(lines);
}

export function ChecksumsDownload({ files }: { files: readonly ExtractedFile[] }) {
  const { t, i18n } = useTranslation();
  const { done, total } = useChecksumProgress();
  const ready = total === files.length && done >= total;
  const save = () => {
    const text = sha256SumsOf(files);
    // Not text/plain: Chromium would save it as SHA256SUMS.txt.
    if (text !== null) saveBlob(new Blob([text], { type: 'application/octet-stream' }), SHA256SUMS_FILE_NAME);
  };
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="outline"
        size="sm"
        data-sha256sums
        // aria-disabled, not disabled: the button stays in the tab order while checksums are computed.
        aria-disabled={!ready}
        aria-busy={!ready}
        className="aria-disabled:cursor-wait aria-disabled:opacity-70"
        onClick={() => ready && save()}
      >
        {ready ? <FileCheck2 aria-hidden /> : <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />}
        {ready
          ? t('integrity.checksums.download')
          : t('integrity.checksums.computing', { done: number.format(done), total: number.format(total) })}
      </Button>
      <p className="text-xs text-muted-foreground">{t('integrity.checksums.note')}</p>
    </div>
  );
}
