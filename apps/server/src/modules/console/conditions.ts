/**
 * Conditions in the lender console: staff clear a condition with evidence (a document of the
 * application), waive it with a reason, or reopen it with a reason. Only the categories a person
 * raises (STAFF_CONDITION_CATEGORIES): the engine clears its own (pay stubs, ID checks…) when the
 * borrower's upload or a provider satisfies it, and moves the application on from there.
 *
 * Each change runs under the application's lock (whose write notice drops the borrower's cached
 * conditions, so their dashboard shows it at its next poll), is audited (CONDITION_CLEARED,
 * CONDITION_WAIVED, CONDITION_REOPENED) and a reopened condition notifies the borrower like a new one.
 */
import type { FastifyRequest } from 'fastify';
import {
  applicationStepPath,
  STAFF_CONDITION_CATEGORIES,
  isFinalApplicationStep,
  ZApplicationStep,
  type TConsoleCondition,
} from '@heloc/domain';
import type { Database } from '../../db';
import {
  CONDITION_NOTIFICATION_CTA,
  CONDITION_NOTIFICATION_TITLE,
  recordAction,
} from '../../engine/closing/store';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { withApplicationLock } from '../../workflow/step-machine';
import { authorizeStaff } from '../staff/policy';
import { insertNotification } from '../wallet/repository';
import { selectApplicationScope, selectCondition, selectDocument, updateCondition } from './repository';
import { APPLICATION_NOT_FOUND } from './service';

type Row = NonNullable<Awaited<ReturnType<typeof selectCondition>>>;

export function consoleCondition(row: Row): TConsoleCondition {
  return {
    uuid: row.uuid,
    category: row.category,
    commentsToBorrower: row.commentsToBorrower,
    numDocsRequired: row.numDocsRequired,
    createdAt: row.createdAt.toISOString(),
    clearedAt: row.clearedAt?.toISOString() ?? null,
    resolution: row.resolution === 'CLEARED' || row.resolution === 'WAIVED' ? row.resolution : null,
    evidenceDocumentUuid: row.evidenceDocumentUuid,
    resolutionNote: row.resolutionNote,
    staffManaged: (STAFF_CONDITION_CATEGORIES as readonly string[]).includes(row.category),
  };
}

export type ConditionCommand =
  | { kind: 'clear'; documentUuid: string; note?: string | undefined }
  | { kind: 'waive'; reason: string }
  | { kind: 'reopen'; reason: string };

export async function changeCondition(
  db: Database,
  clock: Clock,
  request: FastifyRequest,
  applicationUuid: string,
  conditionUuid: string,
  command: ConditionCommand,
): Promise<TConsoleCondition> {
  const scope = await selectApplicationScope(db, applicationUuid);
  const staff = await authorizeStaff(request, 'CONDITIONS_RAISE', scope?.orgCode, APPLICATION_NOT_FOUND);
  return withApplicationLock(db, applicationUuid, async (tx, application) => {
    if (isFinalApplicationStep(ZApplicationStep.parse(application.step)))
      throw new AppError('CONFLICT', 'This application is closed', { step: application.step });
    const condition = await selectCondition(tx, applicationUuid, conditionUuid);
    if (!condition) throw new AppError('NOT_FOUND', 'Condition not found');
    if (!(STAFF_CONDITION_CATEGORIES as readonly string[]).includes(condition.category))
      throw new AppError('CONFLICT', 'The engine clears this condition itself', {
        category: condition.category,
      });
    const open = condition.clearedAt === null;
    const actor = { type: 'STAFF' as const, uuid: staff.identityUuid };
    if (command.kind === 'reopen') {
      if (open) throw new AppError('CONFLICT', 'This condition is already open');
      const row = await updateCondition(tx, condition.uuid, { kind: 'REOPENED' });
      await recordAction(tx, clock, application, actor, 'CONDITION_REOPENED', {
        conditionUuid: condition.uuid,
        category: condition.category,
        reason: command.reason,
      });
      // A reopened condition is a new request to the borrower: the bell, as when it was raised.
      await insertNotification(tx, {
        identityUuid: application.identityUuid,
        title: CONDITION_NOTIFICATION_TITLE,
        description: condition.commentsToBorrower ?? command.reason,
        ctas: [
          {
            title: CONDITION_NOTIFICATION_CTA,
            redirectPath: applicationStepPath(applicationUuid, 'conditions'),
          },
        ],
        createdAt: clock.now(),
      });
      return consoleCondition(row);
    }
    if (!open) throw new AppError('CONFLICT', 'This condition is not open');
    if (command.kind === 'clear') {
      const document = await selectDocument(tx, applicationUuid, command.documentUuid.toLowerCase());
      if (!document)
        throw new AppError('BAD_REQUEST', 'Choose a document of this application as evidence', [
          { path: 'body.documentUuid', message: 'Not a document of this application' },
        ]);
      const row = await updateCondition(tx, condition.uuid, {
        kind: 'CLEARED',
        at: clock.now(),
        by: staff.identityUuid,
        documentUuid: document.uuid,
        note: command.note ?? null,
      });
      await recordAction(tx, clock, application, actor, 'CONDITION_CLEARED', {
        conditionUuid: condition.uuid,
        category: condition.category,
        documentUuid: document.uuid,
        ...(command.note && { note: command.note }),
      });
      return consoleCondition(row);
    }
    const row = await updateCondition(tx, condition.uuid, {
      kind: 'WAIVED',
      at: clock.now(),
      by: staff.identityUuid,
      reason: command.reason,
    });
    await recordAction(tx, clock, application, actor, 'CONDITION_WAIVED', {
      conditionUuid: condition.uuid,
      category: condition.category,
      reason: command.reason,
    });
    return consoleCondition(row);
  });
}
