/**
 * The PDF viewer (spec 2 §2, spec 1 §9): renders every page of a document with pdf.js, at most
 * PDF_VIEWER_MAX_WIDTH_PX wide, lets the borrower page through it (previous/next move to a page and
 * "Page n of N" says where they are), and reports reaching the bottom once the last page is at least
 * PDF_SCROLL_BOTTOM_VISIBILITY visible. pdf.js is heavy, so this module is only ever loaded lazily
 * (features/pdf-viewer/index.ts).
 */
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDF_SCROLL_BOTTOM_VISIBILITY, PDF_VIEWER_MAX_WIDTH_PX } from '@heloc/domain';
import { getBytes } from '@/lib/api-client';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  /** API path of the document's bytes (the owner's session is sent as on every call). */
  src: string;
  /** Accessible name of the document, e.g. "Application Summary". */
  title: string;
  /** Called once when the last page is PDF_SCROLL_BOTTOM_VISIBILITY visible. */
  onReachedEnd?: () => void;
}

export default function PdfViewer({ src, title, onReachedEnd }: PdfViewerProps) {
  // Keyed by src, so a new document starts from "loading" without resetting state in an effect.
  const [loaded, setLoaded] = useState<{ src: string; pdf: PDFDocumentProxy | null; failed: boolean }>({
    src: '',
    pdf: null,
    failed: false,
  });
  const pdf = loaded.src === src ? loaded.pdf : null;
  const failed = loaded.src === src && loaded.failed;
  const [current, setCurrent] = useState(1);
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
      .then((bytes) => getDocument({ data: new Uint8Array(bytes) }).promise)
      .then((document) => {
        opened = document;
        if (!controller.signal.aborted) setLoaded({ src, pdf: document, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ src, pdf: null, failed: true });
      });
    return () => {
      controller.abort();
      void opened?.destroy();
    };
  }, [src]);

  // Render each page into its canvas at the width available (never above the maximum).
  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    void (async () => {
      for (let number = 1; number <= pdf.numPages && !cancelled; number += 1) {
        const page = await pdf.getPage(number);
        const canvas = pageRefs.current[number - 1];
        if (!canvas || cancelled) return;
        const width = Math.min(
          PDF_VIEWER_MAX_WIDTH_PX,
          canvas.parentElement?.clientWidth || PDF_VIEWER_MAX_WIDTH_PX,
        );
        const unscaled = page.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / unscaled.width) * ratio });
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.style.width = `${viewport.width / ratio}px`;
        canvas.style.height = `${viewport.height / ratio}px`;
        await page.render({ canvas, viewport }).promise;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pdf]);

  // Which page is in view, and the last page reaching PDF_SCROLL_BOTTOM_VISIBILITY.
  useEffect(() => {
    if (!pdf || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const number = Number((entry.target as HTMLElement).dataset.page);
          if (entry.isIntersecting) setCurrent(number);
          if (
            number === pdf.numPages &&
            entry.intersectionRatio >= PDF_SCROLL_BOTTOM_VISIBILITY &&
            !reachedRef.current
          ) {
            reachedRef.current = true;
            onReachedEndRef.current?.();
          }
        }
      },
      { threshold: [0, PDF_SCROLL_BOTTOM_VISIBILITY, 0.5, 1] },
    );
    for (const canvas of pageRefs.current.slice(0, pdf.numPages)) if (canvas) observer.observe(canvas);
    return () => observer.disconnect();
  }, [pdf]);

  const goTo = (number: number) => {
    pageRefs.current[number - 1]?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    setCurrent(number);
  };

  if (failed) {
    return (
      <Text role="alert" c="red.8">
        {title} could not be shown. Please try again.
      </Text>
    );
  }
  if (!pdf) return <Loader aria-label={`Loading ${title}`} />;
  return (
    <Stack gap="sm" maw={PDF_VIEWER_MAX_WIDTH_PX} w="100%">
      <Group justify="space-between" wrap="nowrap">
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
      {/* The pages scroll inside this box, so it must take keyboard focus (WCAG 2.1.1, axe
          scrollable-region-focusable). */}
      <div
        role="document"
        aria-label={title}
        style={{ maxHeight: '70vh', overflowY: 'auto', border: '1px solid var(--mantine-color-gray-4)' }}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {Array.from({ length: pdf.numPages }, (_, index) => (
          <canvas
            key={index}
            data-page={index + 1}
            ref={(element) => {
              pageRefs.current[index] = element;
            }}
            role="img"
            aria-label={`${title}, page ${index + 1} of ${pdf.numPages}`}
            style={{ display: 'block', maxWidth: '100%', margin: '0 auto 8px' }}
          />
        ))}
      </div>
    </Stack>
  );
}
