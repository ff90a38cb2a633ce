// A PDF read in the app with pdf.js (PDF lessons and ebooks): pages rendered lazily to canvases fit to the
// width, a page indicator, resume at a saved page, and the current page reported as the reader scrolls.
// Loaded only where a PDF is shown (lazy import), so pdf.js stays out of the main bundle.
import { Button, SpinLoading } from 'antd-mobile';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resumePage } from './logic';
import './learning.css';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

type Doc = pdfjs.PDFDocumentProxy;

export interface PdfViewerProps {
  url: string;
  /** 1-based page to open at (the saved reading position). */
  initialPage?: number;
  /** Called when the page in view changes (and once after opening), with the page count. */
  onPage?: (page: number, pages: number) => void;
  title?: string;
}

/** Pages kept rendered either side of the one in view; canvases further away are released (memory). */
const KEEP = 4;

function PdfPage({ doc, n, ratio, width, render }: { doc: Doc; n: number; ratio: number; width: number; render: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pageRatio, setPageRatio] = useState(ratio);
  const [done, setDone] = useState(false);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!render || !canvas || width <= 0) {
      if (canvas && !render) {
        // Release the bitmap of a page far from view.
        canvas.width = 0;
        canvas.height = 0;
        setDone(false);
      }
      return;
    }
    let cancelled = false;
    let task: ReturnType<pdfjs.PDFPageProxy['render']> | null = null;
    void doc.getPage(n).then((page) => {
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      setPageRatio(base.height / base.width);
      const dpr = Math.min(globalThis.devicePixelRatio || 1, 2.5);
      const viewport = page.getViewport({ scale: (width * dpr) / base.width });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = page.render({ canvas, viewport });
      task.promise.then(
        () => !cancelled && setDone(true),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, n, width, render]);
  return (
    <div className="sf-pdf__page" data-page={n} style={{ height: Math.round(width * pageRatio) || undefined }} data-testid={`pdf-page-${n}`}>
      <canvas ref={canvasRef} className="sf-pdf__canvas" style={{ width: '100%', height: '100%' }} aria-hidden="true" />
      {!done ? <span className="sf-pdf__placeholder" aria-hidden="true">{n}</span> : null}
    </div>
  );
}

export function PdfViewer({ url, initialPage = 1, onPage, title }: PdfViewerProps) {
  const { t } = useTranslation();
  const wrapRef = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<Doc | null>(null);
  const [ratio, setRatio] = useState(1.414);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [width, setWidth] = useState(0);
  const [current, setCurrent] = useState(0);
  const onPageRef = useRef(onPage);
  onPageRef.current = onPage;
  const startRef = useRef(initialPage);

  // Open the document.
  useEffect(() => {
    setError(false);
    const task = pdfjs.getDocument({ url, withCredentials: true });
    let doomed = false;
    task.promise.then(
      async (d) => {
        if (doomed) return;
        const first = await d.getPage(1);
        const vp = first.getViewport({ scale: 1 });
        setRatio(vp.height / vp.width);
        setDoc(d);
      },
      () => !doomed && setError(true),
    );
    return () => {
      doomed = true;
      setDoc(null);
      void task.destroy();
    };
  }, [url, attempt]);

  // Fit to the width of the container (and follow rotations).
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    ro.observe(el);
    setWidth(Math.floor(el.clientWidth));
    return () => ro.disconnect();
  }, [doc]);

  // Resume at the saved page once laid out.
  useEffect(() => {
    if (!doc || width <= 0) return;
    const page = resumePage(startRef.current, doc.numPages);
    const el = wrapRef.current?.querySelector<HTMLElement>(`[data-page="${page}"]`);
    if (el && page > 1) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 56, behavior: 'instant' as ScrollBehavior });
    setCurrent(page);
    onPageRef.current?.(page, doc.numPages);
  }, [doc, width > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  // The page in view: the one under the middle of the viewport; the last one when scrolled to the bottom.
  useEffect(() => {
    if (!doc) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const pages = wrapRef.current?.querySelectorAll<HTMLElement>('[data-page]');
      if (!pages?.length) return;
      const mid = window.innerHeight / 2;
      let found = 1;
      for (const el of pages) {
        const r = el.getBoundingClientRect();
        if (r.top <= mid) found = Number(el.dataset.page);
        else break;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 8;
      if (atBottom) found = doc.numPages;
      setCurrent((prev) => {
        if (prev !== found) onPageRef.current?.(found, doc.numPages);
        return found;
      });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [doc]);

  if (error)
    return (
      <div className="sf-lerror" role="alert">
        <span>{t('pdf.loadError')}</span>
        <Button size="small" onClick={() => setAttempt((a) => a + 1)}>{t('learningTab.retry')}</Button>
      </div>
    );

  const pages = doc?.numPages ?? 0;
  return (
    <div className="sf-pdf" ref={wrapRef} aria-label={title ? t('pdf.label', { title }) : undefined} role="document" data-testid="pdf-viewer" data-pages={pages} data-current={current}>
      {!doc ? (
        <div className="sf-pdf__loading" role="status">
          <SpinLoading color="primary" />
          <span>{t('pdf.loading')}</span>
        </div>
      ) : (
        <>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <PdfPage key={n} doc={doc} n={n} ratio={ratio} width={width} render={Math.abs(n - (current || 1)) <= KEEP} />
          ))}
          <div className="sf-pdf__indicator" role="status" aria-live="polite" data-testid="pdf-indicator">
            {t('pdf.page', { page: current || 1, pages })}
          </div>
        </>
      )}
    </div>
  );
}

export default PdfViewer;
