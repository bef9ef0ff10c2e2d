import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewMessage } from '../PreviewPanel';
import type { PdfRuntime } from './PdfViewer';
import type { Zoom } from './pdf-runtime';

interface PdfPageProps {
  runtime: PdfRuntime;
  doc: PDFDocumentProxy;
  pageNumber: number;
  zoom: Zoom;
  /** Width the page fits into at 'fit', in CSS pixels. */
  fitWidth: number;
  /** The scale the page was drawn at (so zooming in and out starts from what is seen). */
  onScale: (scale: number) => void;
}

/** One page: its canvas and text layer (pdf-runtime.ts draws them). A new page or zoom cancels the drawing under way. */
export function PdfPage({ runtime, doc, pageNumber, zoom, fitWidth, onScale }: PdfPageProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<number | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const text = textRef.current;
    if (!canvas || !text) return;
    const drawing = runtime.drawPage(doc, pageNumber, { canvas, text }, zoom, fitWidth);
    drawing.done.then(
      (scale) => {
        onScale(scale);
        setFailed(null);
      },
      (error: unknown) => {
        if (!runtime.isCancelled(error)) setFailed(pageNumber);
      },
    );
    return () => drawing.cancel();
  }, [runtime, doc, pageNumber, zoom, fitWidth, onScale]);

  return (
    <div className="p-3">
      {failed === pageNumber && <PreviewMessage error>{t('filePreview.pdfPageError')}</PreviewMessage>}
      <div className="pdf-page" data-pdf-page={pageNumber}>
        <canvas ref={canvasRef} aria-hidden />
        <div ref={textRef} className="textLayer" />
      </div>
    </div>
  );
}
