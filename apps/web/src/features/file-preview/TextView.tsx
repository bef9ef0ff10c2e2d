import { useTranslation } from 'react-i18next';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { fileHead } from '../file-manager/file-bytes';
import { HEX_DUMP_BYTES, hexDumpOf } from './hex-dump';
import { PreviewFailure, PreviewLoading, PreviewNotice, PreviewPanel } from './PreviewPanel';
import { containsScriptLikeContent } from './suspicious-content';
import { TEXT_PREVIEW_BYTES, textPreview, type TextPreview } from './text-preview';
import { useDecoded } from './use-decoded';

// Module-level, so useDecoded sees stable functions. Only the head is read (or fetched, for a
// server file): a preview never needs the whole of a large file.
async function decodeText(file: ExtractedFile): Promise<TextPreview & { suspicious: boolean }> {
  const preview = await textPreview(await fileHead(file, TEXT_PREVIEW_BYTES));
  return { ...preview, suspicious: containsScriptLikeContent(preview.text) };
}

async function decodeHex(file: ExtractedFile) {
  return hexDumpOf(await fileHead(file, HEX_DUMP_BYTES));
}

const PRE_CLASS = 'p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap wrap-break-word text-start';

/** A text file shown as text: React escapes it, so HTML, SVG and scripts stay inert characters. */
export function TextView({ file }: { file: ExtractedFile }) {
  const { t } = useTranslation();
  const decoded = useDecoded(file, decodeText);
  const notices = decoded.status === 'done' && (
    <>
      {decoded.value.suspicious && <PreviewNotice tone="danger">{t('filePreview.suspicious')}</PreviewNotice>}
      {decoded.value.truncated && <PreviewNotice tone="warning">{t('filePreview.largeFile')}</PreviewNotice>}
    </>
  );
  return (
    <PreviewPanel name={file.name} notices={notices}>
      {decoded.status === 'loading' && <PreviewLoading />}
      {decoded.status === 'error' && <PreviewFailure error={decoded.error} fallback={t('filePreview.decodeError')} />}
      {decoded.status === 'done' && (
        // `dir="auto"`: a file's own text direction, not the interface's (Arabic UI, English code).
        <pre dir="auto" className={PRE_CLASS}>
          {decoded.value.text}
        </pre>
      )}
    </PreviewPanel>
  );
}

/** Any other file: its first bytes as a hex dump. */
export function HexView({ file }: { file: ExtractedFile }) {
  const { t } = useTranslation();
  const decoded = useDecoded(file, decodeHex);
  const notice = decoded.status === 'done' && (
    <PreviewNotice tone="info">{t(decoded.value.truncated ? 'filePreview.hexNote' : 'filePreview.hexNoteWhole')}</PreviewNotice>
  );
  return (
    <PreviewPanel name={file.name} notices={notice}>
      {decoded.status === 'loading' && <PreviewLoading />}
      {decoded.status === 'error' && <PreviewFailure error={decoded.error} fallback={t('filePreview.readError')} />}
      {decoded.status === 'done' && (
        // A dump has columns: always left-to-right, never wrapped (the panel scrolls sideways).
        <pre dir="ltr" className="w-max p-3 font-mono text-xs leading-relaxed">
          {decoded.value.dump}
        </pre>
      )}
    </PreviewPanel>
  );
}
