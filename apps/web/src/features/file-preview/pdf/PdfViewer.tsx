import { ChevronLeft, ChevronRight, MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { PreviewLoading, PreviewMessage, PreviewPanel } from '../PreviewPanel';
import type * as PdfRuntimeModule from './pdf-runtime';
import type { OpenedPdf, PdfFailure, Zoom } from './pdf-runtime';
import { PdfPage } from './PdfPage';

export type PdfRuntime = typeof PdfRuntimeModule;

const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
const ZOOM_STEP = 1.25;
/** The page's margin inside the panel (p-3 on both sides) and room for a scroll bar. */
const FIT_MARGIN = 40;
const SCROLL_BAR_SLACK = 24;

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; failure: PdfFailure }
  | { status: 'ready'; runtime: PdfRuntime; doc: PDFDocumentProxy };

/**
 * A PDF drawn by PDF.js, a page at a time with previous/next, zoom and fit to width, under the
 * file's name. PDF.js itself (pdf-runtime.ts, where it says why no script of the PDF runs) is
 * imported when the viewer opens; when it cannot load (a lost connection, a browser too old for
 * it) the preview says the PDF cannot be shown.
 */
export function PdfViewer({ data, name }: { data: Uint8Array; name: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [scale, setScale] = useState(1);
  const [fitWidth, setFitWidth] = useState(600);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    let opened: OpenedPdf | null = null;
    const fail = (failure: PdfFailure) => current && setLoaded({ status: 'error', failure });
    import('./pdf-runtime').then(
      (runtime) => {
        if (!current) return;
        // PDF.js takes the bytes over (moves them to its worker): it gets a copy.
        opened = runtime.openPdf(data.slice());
        opened.promise.then(
          (doc) => current && setLoaded({ status: 'ready', runtime, doc }),
          (error: unknown) => fail(runtime.pdfFailure(error)),
        );
      },
      () => fail('damaged'),
    );
    return () => {
      current = false;
      void opened?.destroy();
    };
  }, [data]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measured = frame.clientWidth - FIT_MARGIN;
    if (measured > 0) setFitWidth(measured);
    // Without ResizeObserver (old browsers) the page keeps the width it was first fitted to.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor((entry?.contentRect.width ?? 0) - FIT_MARGIN);
      // A scroll bar coming or going is not a new width: refitting to it could bring it back, and so on.
      if (width > 0) setFitWidth((old) => (Math.abs(old - width) > SCROLL_BAR_SLACK ? width : old));
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  const onScale = useCallback((drawn: number) => setScale(drawn), []);
  const zoomBy = (factor: number) => setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale * factor)));
  const pages = loaded.status === 'ready' ? loaded.doc.numPages : 0;

  const toolbar = (
    <div className="flex flex-wrap items-center gap-1 text-sm" role="toolbar" aria-label={t('filePreview.pdfTitle', { name })}>
      <span className="me-auto min-w-0 truncate font-medium" title={name}>
        {name}
      </span>
      {pages > 0 && (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('filePreview.pdfPrevious')}
            disabled={pageNumber <= 1}
            onClick={() => setPageNumber((p) => p - 1)}
          >
            <ChevronLeft aria-hidden className="rtl:-scale-x-100" />
          </Button>
          <span aria-live="polite">{t('filePreview.pdfPage', { page: pageNumber, pages })}</span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('filePreview.pdfNext')}
            disabled={pageNumber >= pages}
            onClick={() => setPageNumber((p) => p + 1)}
          >
            <ChevronRight aria-hidden className="rtl:-scale-x-100" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('filePreview.pdfZoomOut')}
            disabled={scale <= MIN_SCALE}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
          >
            <ZoomOut aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('filePreview.pdfFitWidth')}
            aria-pressed={zoom === 'fit'}
            onClick={() => setZoom('fit')}
          >
            <MoveHorizontal aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('filePreview.pdfZoomIn')}
            disabled={scale >= MAX_SCALE}
            onClick={() => zoomBy(ZOOM_STEP)}
          >
            <ZoomIn aria-hidden />
          </Button>
        </>
      )}
    </div>
  );

  return (
    <PreviewPanel name={name} notices={toolbar}>
      <div ref={frameRef}>
        {loaded.status === 'loading' && <PreviewLoading />}
        {loaded.status === 'error' && (
          <PreviewMessage error>
            {t(loaded.failure === 'password' ? 'filePreview.pdfPassword' : 'filePreview.pdfError')}
          </PreviewMessage>
        )}
        {loaded.status === 'ready' && (
          <PdfPage
            runtime={loaded.runtime}
            doc={loaded.doc}
            pageNumber={pageNumber}
            zoom={zoom}
            fitWidth={fitWidth}
            onScale={onScale}
          />
        )}
      </div>
    </PreviewPanel>
  );
}
