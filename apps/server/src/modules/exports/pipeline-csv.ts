/**
 * The pipeline's current view as CSV (issue 16 item 5): the same query as `GET …/applications`
 * (filters, search, sort; the member's own scope through the same service), every page read on the
 * server a page at a time and streamed as it is read, so a large organisation is never held in memory.
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { csvLine, PIPELINE_PAGE_SIZE_MAX, type TPipelineItem, type TPipelineQuery } from '@heloc/domain';
import type { Executor } from '../../db';
import { listPipeline } from '../console/service';

export const PIPELINE_CSV_HEADER = [
  'Loan number',
  'Borrower',
  'E-mail',
  'Organisation',
  'Property city',
  'Property state',
  'Amount (USD)',
  'Step',
  'Step group',
  'Days in step',
  'Loan officer',
  'Open conditions',
  'Created (UTC)',
  'Updated (UTC)',
] as const;

function csvRow(item: TPipelineItem): string {
  return csvLine([
    item.loanNumber,
    item.borrowerName,
    item.email,
    item.orgCode,
    item.propertyCity,
    item.propertyState,
    item.amountCents / 100,
    item.stepLabel,
    item.stepGroup,
    item.daysInStep,
    item.loanOfficer?.name ?? '',
    item.openConditions,
    item.createdAt,
    item.updatedAt,
  ]);
}

/**
 * The CSV stream. The first page is read before the answer starts, so a refused or invalid query
 * still answers its 4xx; the rest follow by cursor.
 */
export async function pipelineCsv(
  db: Executor,
  request: FastifyRequest,
  query: Omit<TPipelineQuery, 'cursor' | 'limit'>,
  now: Date,
): Promise<Readable> {
  const pageQuery: TPipelineQuery = { ...query, limit: PIPELINE_PAGE_SIZE_MAX };
  const first = await listPipeline(db, request, pageQuery, now);
  async function* lines() {
    yield csvLine([...PIPELINE_CSV_HEADER]);
    let page = first;
    for (;;) {
      yield page.items.map(csvRow).join('');
      if (!page.nextCursor) return;
      page = await listPipeline(db, request, { ...pageQuery, cursor: page.nextCursor }, now);
    }
  }
  return Readable.from(lines());
}
