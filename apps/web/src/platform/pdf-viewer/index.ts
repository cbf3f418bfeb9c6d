/**
 * The PDF viewer, loaded on demand: pdf.js and its worker stay out of every first screen and load in
 * their own chunk the first time a document is shown.
 */
import { lazy } from 'react';

export const PdfViewer = lazy(() => import('./components/pdf-viewer'));
export type { PdfViewerProps } from './components/pdf-viewer';
