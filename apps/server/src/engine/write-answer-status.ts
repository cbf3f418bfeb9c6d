/**
 * A borrower write's answer carries the status answer (issue 17): after every write the screens used
 * to ask the status endpoint at once for what the write had just decided; now they route on the
 * write's own answer and ask only while it is a waiting status.
 *
 * Added to the answers of the routes whose 200 answer is `ZActionResult` (the engine's writes), read
 * once the write's transaction has committed, so it is exactly what the status endpoint would answer
 * next. When a job has already moved the application past the step the write answered, nothing is
 * added: the answer's step and status object always belong together, and the screen asks as before.
 */
import type { FastifyInstance } from 'fastify';
import { statusResponseOf, ZActionResult, type TActionResult } from '@heloc/domain';
import { findApplicationStatus } from './repository';

export function answerWritesWithStatus(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method === 'GET' || reply.statusCode !== 200) return payload;
    if (request.routeOptions.schema?.response?.[200 as keyof object] !== ZActionResult) return payload;
    const uuid = (request.params as { uuid?: unknown }).uuid;
    const answer = payload as Partial<TActionResult> | null;
    if (typeof uuid !== 'string' || typeof answer?.status !== 'string') return payload;
    const row = await findApplicationStatus(app.db, uuid.toLowerCase());
    if (!row || row.step !== answer.status) return payload;
    return { ...answer, applicationStatus: statusResponseOf(answer.status, row.flags).applicationStatus };
  });
}
