import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { fileBlob, fileSource } from '../file-manager/file-bytes';
import { PreviewLoading, PreviewMessage, PreviewPanel } from './PreviewPanel';
import { useBlobUrl } from './use-blob-url';
import { useDecoded } from './use-decoded';

/**
 * Only reached for raster types (preview-rules), so nothing in the picture can run script. Images
 * and media of server files load from the server's URL (media streams with Range requests).
 */
export function ImageView({ file }: { file: ExtractedFile }) {
  const { t } = useTranslation();
  const ref = useBlobUrl(fileSource(file));
  const [failed, setFailed] = useState(false);
  return (
    <PreviewPanel name={file.name}>
      {failed ? (
        <PreviewMessage error>{t('filePreview.imageError')}</PreviewMessage>
      ) : (
        // At its natural size when it fits (a 16 px icon is not blown up into a blur), scaled down when it does not.
        <img
          ref={ref}
          alt={file.name}
          onError={() => setFailed(true)}
          className="mx-auto block h-auto max-h-96 max-w-full object-contain"
        />
      )}
    </PreviewPanel>
  );
}

/** Audio and video in the browser's own player; a format it cannot play gets a message, not a dead player. */
export function MediaPlayerView({ file, kind }: { file: ExtractedFile; kind: 'audio' | 'video' }) {
  const { t } = useTranslation();
  const ref = useBlobUrl(fileSource(file));
  const [failed, setFailed] = useState(false);
  const Player = kind;
  return (
    <PreviewPanel name={file.name}>
      {failed ? (
        <PreviewMessage error>{t('filePreview.mediaError')}</PreviewMessage>
      ) : (
        <Player
          ref={ref}
          controls
          preload="metadata"
          aria-label={file.name}
          onError={() => setFailed(true)}
          className={kind === 'video' ? 'max-h-96 w-full bg-black' : 'w-full p-3'}
        />
      )}
    </PreviewPanel>
  );
}

const PDF_TYPE = 'application/pdf';

/**
 * PDF in the browser's viewer through `<object type="application/pdf">`, not a sandboxed iframe:
 * Chromium refuses to start its PDF viewer in any sandboxed frame, whatever the sandbox tokens
 * (crbug.com/413851), and Safari shows PDFs only in object/embed. The blob is re-typed as
 * application/pdf, so its same-origin blob: URL is only ever read as a PDF, never sniffed as HTML;
 * PDF scripts run inside the viewer, without access to this page. Browsers without an inline
 * viewer (e.g. Android Chrome) show the object's fallback text instead. A server file is fetched
 * first: its URL answers as a sandboxed attachment, which no viewer shows in place.
 */
export function PdfView({ file }: { file: ExtractedFile }) {
  const { t } = useTranslation();
  const loaded = useDecoded(file, fileBlob);
  return (
    <PreviewPanel name={file.name}>
      {loaded.status === 'loading' && <PreviewLoading />}
      {loaded.status === 'error' && <PreviewMessage error>{t('filePreview.readError')}</PreviewMessage>}
      {loaded.status === 'done' && <PdfObject blob={loaded.value} name={file.name} />}
    </PreviewPanel>
  );
}

function PdfObject({ blob, name }: { blob: Blob; name: string }) {
  const { t } = useTranslation();
  const pdf = useMemo(() => (blob.type === PDF_TYPE ? blob : new Blob([blob], { type: PDF_TYPE })), [blob]);
  const ref = useBlobUrl(pdf, { attribute: 'data' });
  return (
    // Titled by the file's name: the blob's address is a random id, which no viewer should show as its name.
    <object ref={ref} type={PDF_TYPE} title={name} aria-label={t('filePreview.pdfTitle', { name })} className="block h-96 w-full">
      <PreviewMessage>{t('filePreview.pdfUnsupported')}</PreviewMessage>
    </object>
  );
}
