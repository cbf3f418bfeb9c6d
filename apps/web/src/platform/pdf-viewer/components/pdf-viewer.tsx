/**
 * The PDF viewer (spec 2 §2, spec 1 §9): renders every page of a document with pdf.js, at most
 * PDF_VIEWER_MAX_WIDTH_PX wide, lets the borrower page through it (previous/next move to a page and
 * "Page n of N" says where they are), and reports reaching the bottom once the last page is at least
 * PDF_SCROLL_BOTTOM_VISIBILITY visible. pdf.js is heavy, so this module is only ever loaded lazily
 * (platform/pdf-viewer/index.ts).
 *
 * Zoom (issue 19: the summary was ~440 px wide with ~7 pt text and no zoom): at 100% the pages fit the
 * viewer's width (the container's, at most PDF_VIEWER_MAX_WIDTH_PX); "Zoom in"/"Zoom out" (also + and −
 * on the focused document) step through ZOOM_STEPS, the pages then scroll sideways inside the box (never
 * the page), and every page is drawn again at its new size so text stays sharp.
 *
 * Deterministic by construction: every page has its final size (the page's aspect ratio) before any is
 * drawn, paging scrolls the box instantly, and the current page and the end gate are computed from the
 * box's geometry on every scroll (utils/page-tracking), never from the order of observer callbacks.
 */
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDF_SCROLL_BOTTOM_VISIBILITY, PDF_VIEWER_MAX_WIDTH_PX } from '@heloc/domain';
import { getBytes } from '@/lib/api-client';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { currentPage, scrollTopFor, visibleFraction } from '../utils/page-tracking';
import { nextZoom, ZOOM_FIT } from '../utils/zoom';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  /** API path of the document's bytes (the owner's session is sent as on every call). */
  src: string;
  /** Accessible name of the document, e.g. "Application Summary". */
  title: string;
  /** Called once when the last page is PDF_SCROLL_BOTTOM_VISIBILITY visible. */
  onReachedEnd?: () => void;
}

interface PageSize {
  width: number;
  height: number;
}

interface Loaded {
  src: string;
  pdf: PDFDocumentProxy | null;
  /** Every page's size at scale 1, read before anything renders so the layout never moves. */
  sizes: PageSize[];
  failed: boolean;
}

async function openDocument(bytes: ArrayBuffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const sizes = await Promise.all(
    Array.from({ length: pdf.numPages }, async (_, index) => {
      const { width, height } = (await pdf.getPage(index + 1)).getViewport({ scale: 1 });
      return { width, height };
    }),
  );
  return { pdf, sizes };
}

export default function PdfViewer({ src, title, onReachedEnd }: PdfViewerProps) {
  // Keyed by src, so a new document starts from "loading" without resetting state in an effect.
  const [loaded, setLoaded] = useState<Loaded>({ src: '', pdf: null, sizes: [], failed: false });
  const pdf = loaded.src === src ? loaded.pdf : null;
  const sizes = loaded.src === src ? loaded.sizes : [];
  const failed = loaded.src === src && loaded.failed;
  const [current, setCurrent] = useState(1);
  /** Width of the pages as a multiple of the box's width (1: they fit it). */
  const [zoom, setZoom] = useState(ZOOM_FIT);
  /** The box's inner width, so the pages are drawn again when it changes (rotation, resize). */
  const [boxWidth, setBoxWidth] = useState(0);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const pageRefs = useRef<(HTMLCanvasElement | null)[]>([]);
  const reachedRef = useRef(false);
  const onReachedEndRef = useRef(onReachedEnd);
  useEffect(() => {
    onReachedEndRef.current = onReachedEnd;
  }, [onReachedEnd]);

  useEffect(() => {
    const controller = new AbortController();
    let opened: PDFDocumentProxy | null = null;
    reachedRef.current = false;
    getBytes(src, { signal: controller.signal })
      .then(openDocument)
      .then((document) => {
        opened = document.pdf;
        if (!controller.signal.aborted) setLoaded({ src, ...document, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ src, pdf: null, sizes: [], failed: true });
      });
    return () => {
      controller.abort();
      void opened?.destroy();
    };
  }, [src]);

  // Draw each page into its canvas at the width it is shown (its CSS box is already final): again when
  // the zoom or the box's width changes; a drawing under way is cancelled first (one canvas, one render).
  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | null = null;
    void (async () => {
      for (let number = 1; number <= pdf.numPages && !cancelled; number += 1) {
        const page = await pdf.getPage(number);
        const canvas = pageRefs.current[number - 1];
        if (!canvas || cancelled) return;
        const width = canvas.clientWidth || PDF_VIEWER_MAX_WIDTH_PX;
        const unscaled = page.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / unscaled.width) * ratio });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        task = page.render({ canvas, viewport });
        try {
          await task.promise;
        } catch {
          return; // cancelled by a newer drawing
        }
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, zoom, boxWidth]);

  // Where the reader is: the current page, and the last page's visibility inside the box and the window.
  const measure = useCallback(() => {
    const box = boxRef.current;
    if (!box || !pdf) return;
    const canvases = pageRefs.current.slice(0, pdf.numPages);
    setCurrent(
      currentPage(
        box,
        canvases.map((canvas) => canvas?.offsetTop ?? 0),
      ),
    );
    const last = canvases[pdf.numPages - 1];
    if (!last || reachedRef.current) return;
    const page = last.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    const fraction = visibleFraction(page, [frame, { top: 0, bottom: window.innerHeight }]);
    if (fraction >= PDF_SCROLL_BOTTOM_VISIBILITY) {
      reachedRef.current = true;
      onReachedEndRef.current?.();
    }
  }, [pdf]);

  // Any scroll (the box's own, the page's, a scrolling ancestor's: scroll does not bubble, but it is
  // seen while capturing) and any resize re-measure; once at mount for a document that fits the box.
  useLayoutEffect(() => {
    if (!pdf) return;
    measure();
    document.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            setBoxWidth(boxRef.current?.clientWidth ?? 0);
            measure();
          });
    if (boxRef.current) resize?.observe(boxRef.current);
    return () => {
      document.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
      resize?.disconnect();
    };
  }, [pdf, measure]);

  // Paging scrolls the box at once (no smooth scrolling whose intermediate positions would be read as
  // the current page) and measures right away, also when the box was already there and no scroll fires.
  const goTo = (number: number) => {
    const box = boxRef.current;
    const canvas = pageRefs.current[number - 1];
    if (box && canvas) box.scrollTop = scrollTopFor(box, canvas.offsetTop);
    measure();
  };

  // Zooming keeps the reader where they were: the same fraction of the content stays at the top.
  const changeZoom = (direction: 1 | -1) => {
    const box = boxRef.current;
    const next = nextZoom(zoom, direction);
    if (next === zoom) return;
    const fraction = box && box.scrollHeight > 0 ? box.scrollTop / box.scrollHeight : 0;
    flushSync(() => setZoom(next));
    if (box) box.scrollTop = fraction * box.scrollHeight;
    measure();
  };

  if (failed) {
    return (
      <Text role="alert" c="red.8">
        {title} could not be shown. Please try again.
      </Text>
    );
  }
  if (!pdf) return <Loader aria-label={`Loading ${title}`} />;
  const zoomLabel = `${Math.round(zoom * 100)}%`;
  return (
    <Stack gap="sm" maw={PDF_VIEWER_MAX_WIDTH_PX} w="100%">
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            onClick={() => goTo(Math.max(1, current - 1))}
            disabled={current <= 1}
          >
            Previous page
          </Button>
          <Text size="sm" aria-live="polite">
            Page {current} of {pdf.numPages}
          </Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => goTo(Math.min(pdf.numPages, current + 1))}
            disabled={current >= pdf.numPages}
          >
            Next page
          </Button>
        </Group>
        <Group gap="xs" wrap="nowrap" role="group" aria-label={`Zoom ${title}`}>
          <Button
            variant="default"
            size="xs"
            onClick={() => changeZoom(-1)}
            disabled={nextZoom(zoom, -1) === zoom}
          >
            Zoom out
          </Button>
          <Text size="sm" aria-live="polite" data-testid="pdf-zoom">
            <VisuallyHidden>Zoom </VisuallyHidden>
            {zoomLabel}
          </Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => changeZoom(1)}
            disabled={nextZoom(zoom, 1) === zoom}
          >
            Zoom in
          </Button>
        </Group>
      </Group>
      {/* The pages scroll inside this box, so it must take keyboard focus (WCAG 2.1.1, axe
          scrollable-region-focusable). Positioned, so the pages' offsetTop is measured from it. Its
          + and − keys zoom (the buttons above do the same): shortcuts of the focused document. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={boxRef}
        role="document"
        aria-label={title}
        aria-keyshortcuts="+ -"
        style={{
          position: 'relative',
          maxHeight: '70vh',
          overflow: 'auto',
          border: '1px solid var(--mantine-color-gray-4)',
        }}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          if (event.key === '+' || event.key === '=') changeZoom(1);
          else if (event.key === '-') changeZoom(-1);
          else return;
          event.preventDefault();
        }}
      >
        {sizes.map((size, index) => (
          <canvas
            key={index}
            data-page={index + 1}
            ref={(element) => {
              pageRefs.current[index] = element;
            }}
            role="img"
            aria-label={`${title}, page ${index + 1} of ${pdf.numPages}`}
            style={{
              display: 'block',
              width: `${zoom * 100}%`,
              maxWidth: 'none',
              height: 'auto',
              aspectRatio: `${size.width} / ${size.height}`,
              margin: '0 auto 8px',
            }}
          />
        ))}
      </div>
    </Stack>
  );
}
