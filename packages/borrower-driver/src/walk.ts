/**
 * A borrower walked through the application: settle (the environment runs or waits for the server's
 * jobs), then the borrower's answer at the settled status, until a status the caller wants.
 */
import { isFinalStatus } from '@heloc/domain';
import type { Client } from './client';
import { borrowerMove } from './moves';
import { newMemory, type BorrowerMemory, type BorrowerPlan, type Move, type NoMove } from './plan';

export type WalkOptions = {
  /** Where to stop (a status name or a test on it). */
  until: string | ((status: string) => boolean);
  /**
   * Brings the application to a settled status and answers it: inject runs the due jobs, HTTP polls
   * until no job is at work.
   */
  settle: () => Promise<string>;
  /**
   * A settled status the borrower has nothing to answer at: true when the environment waited and
   * the walk may settle again (a job or the clock will move it), false to stop with an error.
   */
  whenNothingToDo?: (status: string) => Promise<boolean>;
  /** Borrower moves and waits before giving up (default 60). */
  maxSteps?: number;
};

export type Borrower = {
  client: Client;
  plan: BorrowerPlan;
  memory: BorrowerMemory;
  /** The borrower's answer at `status` (see moves.ts). */
  move(status: string, screen?: string): Promise<Move | NoMove>;
  /** Walks to `until`; answers the status it stopped at, or throws saying where it got stuck. */
  walk(options: WalkOptions): Promise<string>;
};

/**
 * The settle of an in-process server: `runJobs` (the app's `jobs.runDue()`: the environment, not the
 * driver, owns the jobs), then the polled status.
 */
export function settleAfter(client: Client, runJobs: () => Promise<unknown>): () => Promise<string> {
  return async () => {
    await runJobs();
    return (await client.status()).status;
  };
}

/** The status a move's answer names (`{ status }`); throws when no move was made or it answered none. */
export function answeredStatus(move: Move | NoMove): string {
  if (move.kind !== 'moved') throw new Error(`no move made: ${JSON.stringify(move)}`);
  const status = move.answer?.json<{ status?: unknown }>().status;
  if (typeof status !== 'string') {
    throw new Error(`${move.description} answered no status: ${move.answer?.body ?? '(no call)'}`);
  }
  return status;
}

export function borrower(client: Client, plan: BorrowerPlan, memory: BorrowerMemory = newMemory()): Borrower {
  const self: Borrower = {
    client,
    plan,
    memory,
    move: (status, screen) => borrowerMove(client, plan, memory, status, screen),
    async walk({ until, settle, whenNothingToDo, maxSteps = 60 }) {
      const reached = typeof until === 'string' ? (status: string) => status === until : until;
      let status = '';
      for (let step = 0; step < maxSteps; step += 1) {
        status = await settle();
        if (reached(status)) return status;
        if (isFinalStatus(status)) break;
        const move = await self.move(status);
        if (move.kind === 'moved') continue;
        if (move.kind === 'needs-input') throw new Error(`walk stopped at ${status}: ${move.detail}`);
        if (!(await whenNothingToDo?.(status))) break;
      }
      throw new Error(
        `walk to ${typeof until === 'string' ? until : 'the wanted status'} stopped at ${status}`,
      );
    },
  };
  return self;
}
