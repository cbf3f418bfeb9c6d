/**
 * An application file as one PDF for a compliance review (issue 16 item 5): a generated summary and
 * the whole timeline (the documents' layout engine, pdf-lib), then every document of the application
 * — PDFs page by page, PNG and JPEG images a page each. A document that cannot be included (another
 * type, a damaged or encrypted PDF) is named on the summary with why, never silently left out.
 */
import { PDFDocument } from 'pdf-lib';
import type { FastifyRequest } from 'fastify';
import { formatCurrency, type TOrgData } from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { PdfLayout } from '../../documents/layout';
import type { FileStorage } from '../../storage';
import { applicationDocument, applicationFile } from '../console/file';
import { applicationTimeline } from '../console/timeline';

type Included = {
  fileName: string;
  type: string;
  note: string;
  append: ((doc: PDFDocument) => Promise<void>) | null;
};

async function prepare(contentType: string, bytes: Uint8Array): Promise<Included['append'] | string> {
  try {
    if (contentType === 'application/pdf') {
      const source = await PDFDocument.load(bytes);
      return async (doc) => {
        for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
      };
    }
    if (contentType === 'image/png' || contentType === 'image/jpeg') {
      return async (doc) => {
        const image = contentType === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
        // US Letter, the image scaled to fit inside the margins.
        const page = doc.addPage([612, 792]);
        const scale = Math.min(504 / image.width, 684 / image.height, 1);
        const width = image.width * scale;
        const height = image.height * scale;
        page.drawImage(image, { x: (612 - width) / 2, y: 792 - 54 - height, width, height });
      };
    }
    return `not included: ${contentType} cannot be placed in a PDF (download it from the file)`;
  } catch {
    return 'not included: the file could not be read as its type (damaged or encrypted)';
  }
}

export async function applicationBundle(
  db: Executor,
  storage: FileStorage,
  request: FastifyRequest,
  uuid: string,
  now: Date,
  orgOf: (orgCode: string) => TOrgData | null,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const file = await applicationFile(db, request, uuid, now);
  const org = orgOf(file.orgCode);
  if (!org) throw new AppError('NOT_FOUND', 'Organisation not found');
  const timeline = await applicationTimeline(db, request, uuid, undefined);
  const included: Included[] = [];
  for (const document of file.documents) {
    const row = await applicationDocument(db, request, uuid, document.uuid);
    const stored = await storage.get(row.fileKey);
    const prepared = stored
      ? await prepare(row.contentType, stored.bytes)
      : 'not included: the stored file is missing';
    included.push({
      fileName: document.fileName,
      type: document.type,
      note: typeof prepared === 'string' ? prepared : 'included below',
      append: typeof prepared === 'string' ? null : prepared,
    });
  }

  const layout = await PdfLayout.create({
    title: `Application file ${file.loanNumber}`,
    subject: 'Application file for compliance review',
    org,
    date: now.toISOString().slice(0, 10),
    keywords: ['compliance review', file.loanNumber],
  });
  layout.keyValues([
    ['Loan number', file.loanNumber],
    ['Borrower', file.borrower.name],
    ['E-mail', file.borrower.email],
    ['Step', `${file.stepLabel} (${file.step})`],
    ['Created', file.createdAt],
    ['Submitted', file.submittedAt ?? 'Not submitted'],
    ['Loan officer', file.loanOfficer?.name ?? 'None'],
    ['Bundle generated', now.toISOString()],
  ]);
  layout.heading(`Documents (${included.length})`);
  if (included.length === 0) layout.text('The application has no documents.');
  else layout.bullets(included.map((doc) => `${doc.fileName} (${doc.type}): ${doc.note}`));
  layout.heading(`Timeline (${timeline.items.length} entries, newest first)`);
  for (const entry of timeline.items) {
    const move = entry.toStepLabel ? ` ${entry.fromStepLabel ?? '-'} -> ${entry.toStepLabel}` : '';
    const amount =
      typeof entry.data.maxLineCents === 'number' ? ` (line ${formatCurrency(entry.data.maxLineCents)})` : '';
    layout.text(`${entry.at}  ${entry.action}${move}${amount}`, { bold: true, after: 1 });
    layout.text(`${entry.kind} by ${entry.actor}${entry.reason ? `: ${entry.reason}` : ''}`, {
      indent: 14,
      muted: true,
    });
  }
  const summary = await layout.finish();

  const bundle = await PDFDocument.load(summary.bytes);
  for (const doc of included) if (doc.append) await doc.append(bundle);
  return {
    fileName: `application-${file.loanNumber}-bundle.pdf`,
    bytes: await bundle.save(),
  };
}
