import './pdf-viewer.css';
import { getDocument, GlobalWorkerOptions, TextLayer, version, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findPassage, piecesInRange } from '../lib/find-passage';
import { scrollWithin } from '../lib/scroll-within';
import type { ViewerTarget } from './viewer-target';

GlobalWorkerOptions.workerSrc = workerUrl;
/** Copied into the build by vite/pdfjs-assets.ts: CMaps (CJK fonts), standard fonts, wasm decoders, ICC profiles. */
const ASSETS = `${import.meta.env.BASE_URL}pdfjs/${version}/`;

interface RenderedText {
  spans: HTMLElement[];
  strings: string[];
  /** The page's height at scale 1 (PDF units), to place a box measured from its lower-left corner. */
  height: number;
}

interface PageHandle {
  element: HTMLDivElement;
  /** Renders the page now (if it has not been) and resolves with its text layer. */
  ensure: () => Promise<RenderedText>;
}

const PdfPage = memo(function PdfPage({
  pdf,
  number,
  scale,
  base,
  register,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  scale: number;
  /** Size of page 1 at scale 1: the placeholder until this page's own size is known. */
  base: { width: number; height: number };
  register: (n: number, handle: PageHandle | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(base);
  const job = useRef<Promise<RenderedText> | null>(null);

  const ensure = useCallback(() => {
    job.current ??= (async () => {
      const element = ref.current;
      if (!element) return { spans: [], strings: [], height: 0 };
      const page: PDFPageProxy = await pdf.getPage(number);
      const viewport = page.getViewport({ scale });
      setSize({ width: viewport.width / scale, height: viewport.height / scale });
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.className = 'pdf-page__canvas';
      const textDiv = document.createElement('div');
      textDiv.className = 'textLayer';
      element.replaceChildren(canvas, textDiv);
      await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
      const layer = new TextLayer({ textContentSource: page.streamTextContent(), container: textDiv, viewport });
      await layer.render();
      element.dataset.rendered = 'true';
      return { spans: layer.textDivs, strings: layer.textContentItemsStr, height: viewport.height / scale };
    })();
    return job.current;
  }, [pdf, number, scale]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    register(number, { element, ensure });
    // Pages render when they come near the viewport: a 100-page report does not paint 100 canvases.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          void ensure().catch(() => undefined);
          observer.disconnect();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      register(number, null);
    };
  }, [ensure, number, register]);

  return (
    <div
      ref={ref}
      className="pdf-page"
      data-page={number}
      data-testid="pdf-page"
      style={{ width: size.width * scale, height: size.height * scale, ['--scale-factor' as string]: scale, ['--total-scale-factor' as string]: scale }}
    />
  );
});

/** Marks a box given in PDF units from the page's lower-left corner on a page rendered at `scale`. */
function drawBox(page: HTMLElement, [x0, y0, x1, y1]: [number, number, number, number], pageHeight: number, scale: number): HTMLElement | null {
  if (!(pageHeight > 0) || x1 <= x0 || y1 <= y0) return null;
  const box = document.createElement('div');
  box.className = 'doc-box';
  box.dataset.testid = 'cited-box';
  box.style.left = `${x0 * scale}px`;
  box.style.top = `${(pageHeight - y1) * scale}px`;
  box.style.width = `${(x1 - x0) * scale}px`;
  box.style.height = `${(y1 - y0) * scale}px`;
  page.append(box);
  return box;
}

/**
 * The original PDF, rendered in the browser by pdf.js: a canvas and a
 * selectable text layer per page, pages painted as they scroll into view.
 * A citation target scrolls to its page and marks the cited passage in the
 * text layer, or draws the passage's box on a scanned page that has none.
 */
export default function PdfViewer({ docId, fileUrl, target, onPages }: { docId: number; fileUrl: string; target: ViewerTarget | null; onPages?: (pages: number) => void }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const pages = useRef(new Map<number, PageHandle>());
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [base, setBase] = useState<{ width: number; height: number } | null>(null);
  const [width, setWidth] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [found, setFound] = useState<boolean | null>(null);

  // The parent keys this component by document, so a new document starts from fresh state.
  useEffect(() => {
    const task = getDocument({
      // A signed URL needs no headers (an object store's presigned one would refuse extra ones), and
      // is short-lived: the whole file is read at once rather than in ranges that could outlive it.
      url: fileUrl,
      disableRange: true,
      cMapUrl: `${ASSETS}cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${ASSETS}standard_fonts/`,
      wasmUrl: `${ASSETS}wasm/`,
      iccUrl: `${ASSETS}iccs/`,
      isEvalSupported: false,
    });
    let live = true;
    task.promise.then(
      async (doc) => {
        const first = await doc.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (!live) return;
        setBase({ width: viewport.width, height: viewport.height });
        setPdf(doc);
        onPages?.(doc.numPages);
      },
      (error: unknown) => {
        if (!live) return;
        const name = error instanceof Error ? error.name : '';
        setFailed(name === 'PasswordException' ? t('msg.doc_password_protected') : t('msg.doc_not_support_loading'));
      },
    );
    return () => {
      live = false;
      void task.destroy();
    };
    // onPages is a notification only; reloading the file when it changes identity would be wrong.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docId, fileUrl, t]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  const register = useCallback((n: number, handle: PageHandle | null) => {
    if (handle) pages.current.set(n, handle);
    else pages.current.delete(n);
  }, []);

  // Fit the page width, in steps of 5 % so a resize does not repaint on every pixel.
  const scale = base && width > 0 ? Math.max(0.3, Math.floor(((width - 32) / base.width) * 20) / 20) : 1;

  useEffect(() => {
    if (!target || !pdf) return;
    let live = true;
    const run = async () => {
      const page = Math.min(Math.max(1, target.page), pdf.numPages);
      // Let the page placeholders mount first.
      for (let i = 0; i < 20 && !pages.current.has(page); i++) await new Promise((r) => requestAnimationFrame(r));
      const handle = pages.current.get(page);
      if (!handle || !live) return;
      scroller.current?.querySelectorAll('.doc-hl').forEach((el) => el.classList.remove('doc-hl'));
      scroller.current?.querySelectorAll('.doc-box').forEach((el) => el.remove());
      scroller.current?.querySelectorAll('.pdf-page.is-target').forEach((el) => el.classList.remove('is-target'));
      handle.element.classList.add('is-target');
      const container = scroller.current;
      if (container) scrollWithin(container, handle.element);
      const text = await handle.ensure();
      if (!live) return;
      const range = target.text ? findPassage(text.strings.join(''), target.text) : null;
      const hits = range ? piecesInRange(text.strings, range) : [];
      hits.forEach((i) => text.spans[i]?.classList.add('doc-hl'));
      // A scanned page read by OCR has no text layer to mark: its passage's stored box is drawn instead.
      const box = hits.length === 0 && target.bbox ? drawBox(handle.element, target.bbox, text.height, scale) : null;
      setFound(hits.length > 0 || box !== null);
      const first = box ?? text.spans[hits[0] ?? -1];
      if (first && scroller.current) scrollWithin(scroller.current, first, 'center');
    };
    void run().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [target, pdf, scale]);

  return (
    <div className="pdf-viewer" ref={scroller} data-testid="pdf-viewer" data-pages={pdf?.numPages ?? 0}>
      {failed && (
        <p className="doc-viewer__error" role="alert" data-testid="viewer-error">
          {failed}
        </p>
      )}
      {!failed && !pdf && <p className="doc-viewer__loading">{t('doc.viewer.loading')}</p>}
      {target && found === false && (
        <p className="doc-viewer__notice" data-testid="viewer-passage-missing">
          {t('doc.viewer.passage_missing', { page: target.page })}
        </p>
      )}
      {pdf && base && Array.from({ length: pdf.numPages }, (_, i) => <PdfPage key={`${i + 1}@${scale}`} pdf={pdf} number={i + 1} scale={scale} base={base} register={register} />)}
    </div>
  );
}
