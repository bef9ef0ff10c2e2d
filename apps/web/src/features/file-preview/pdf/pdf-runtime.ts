import { getDocument, GlobalWorkerOptions, RenderingCancelledException, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import './pdf-text-layer.css';

/**
 * Everything that needs PDF.js, in one module the preview imports on demand: PDF.js, its worker
 * and its styles are fetched the first time a PDF is previewed, never with the page. No React
 * here, so this chunk shares nothing with the rest of the site.
 */

// PDF.js parses the file in its own worker, a separate same-origin script (the CSP's worker-src 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

/** A page's canvas holds at most this many pixels: a hostile page size cannot take the tab's memory. */
const MAX_CANVAS_PIXELS = 4096 * 4096;

export type PdfFailure = 'password' | 'damaged';

export interface OpenedPdf {
  promise: Promise<PDFDocumentProxy>;
  destroy(): Promise<void>;
}

/**
 * Opens a PDF with PDF.js's core API, which renders pages and never runs the document's
 * JavaScript (OpenAction, app.alert, form scripts): only PDF.js's viewer application does,
 * through a scripting sandbox that is not loaded here. `isEvalSupported: false` keeps PDF.js from
 * compiling PostScript functions with `new Function`, which the CSP (no 'unsafe-eval') refuses
 * anyway. XFA forms are not rendered (they would be HTML built from the document).
 */
export function openPdf(data: Uint8Array): OpenedPdf {
  const task = getDocument({
    data,
    isEvalSupported: false,
    enableXfa: false,
    // Fonts the document does not embed are drawn with the system's (no font files to fetch).
    useSystemFonts: true,
    stopAtErrors: false,
  });
  return { promise: task.promise, destroy: () => task.destroy() };
}

/** What went wrong, in the terms the preview shows (PDF.js names its errors; it does not export the password one). */
export function pdfFailure(error: unknown): PdfFailure {
  return error instanceof Error && error.name === 'PasswordException' ? 'password' : 'damaged';
}

export type Zoom = 'fit' | number;

export interface PageDrawing {
  /** Resolves with the scale the page was drawn at; rejects with `isCancelled` errors after `cancel`. */
  done: Promise<number>;
  cancel(): void;
}

/**
 * Draws a page on `canvas` at `zoom` (or to `fitWidth` CSS pixels), sharp on high-density screens,
 * and lays PDF.js's text layer over it in `text`: the page's text as transparent spans in place,
 * so that it can be selected and copied.
 */
export function drawPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  target: { canvas: HTMLCanvasElement; text: HTMLElement },
  zoom: Zoom,
  fitWidth: number,
): PageDrawing {
  let cancelled = false;
  let cancelWork = (): void => undefined;
  const draw = async (): Promise<number> => {
    const page = await doc.getPage(pageNumber);
    if (cancelled) throw new DrawingCancelled();
    const natural = page.getViewport({ scale: 1 });
    const scale = zoom === 'fit' ? Math.max(0.1, fitWidth / natural.width) : zoom;
    const viewport = page.getViewport({ scale });
    const { canvas, text } = target;
    const pixelRatio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
    canvas.width = Math.max(1, Math.floor(viewport.width * pixelRatio));
    canvas.height = Math.max(1, Math.floor(viewport.height * pixelRatio));
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    const render = page.render({
      canvas,
      viewport,
      ...(pixelRatio !== 1 && { transform: [pixelRatio, 0, 0, pixelRatio, 0, 0] }),
    });
    text.replaceChildren();
    text.style.setProperty('--total-scale-factor', String(viewport.scale));
    const textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
    cancelWork = () => {
      render.cancel();
      textLayer.cancel();
    };
    await Promise.all([render.promise, textLayer.render()]);
    return scale;
  };
  return {
    done: draw(),
    cancel: () => {
      cancelled = true;
      cancelWork();
    },
  };
}

class DrawingCancelled extends Error {
  override name = 'DrawingCancelled';
}

/** Whether a drawing ended because it was cancelled (a new page or zoom), not because it failed. */
export function isCancelled(error: unknown): boolean {
  return (
    error instanceof DrawingCancelled ||
    error instanceof RenderingCancelledException ||
    (error instanceof Error && error.name === 'AbortException')
  );
}
