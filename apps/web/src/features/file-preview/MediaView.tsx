import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { fileBlob, fileSource } from '../file-manager/file-bytes';
import { PdfViewer } from './pdf/PdfViewer';
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

async function pdfBytes(file: ExtractedFile): Promise<Uint8Array> {
  return new Uint8Array(await (await fileBlob(file)).arrayBuffer());
}

/**
 * A PDF drawn by PDF.js on a canvas (pdf/PdfViewer.tsx), not by the browser's own viewer: that
 * runs the document's JavaScript (app.alert, app.response), whose dialogs look like this site's.
 * A server file is fetched first, as the other previews do.
 */
export function PdfView({ file }: { file: ExtractedFile }) {
  const { t } = useTranslation();
  const loaded = useDecoded(file, pdfBytes);
  if (loaded.status === 'done') return <PdfViewer data={loaded.value} name={file.name} />;
  return (
    <PreviewPanel name={file.name}>
      {loaded.status === 'loading' && <PreviewLoading />}
      {loaded.status === 'error' && <PreviewMessage error>{t('filePreview.readError')}</PreviewMessage>}
    </PreviewPanel>
  );
}
