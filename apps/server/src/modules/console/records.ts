/**
 * The application file's second part (issue 15 item 2): revealing a sealed value, staff notes and
 * the borrower's chat transcripts. The file itself (service.ts) shows SSNs and account numbers
 * masked; a reveal opens the sealed value (lib/sealed.ts, with the same context the engine sealed it
 * under) for a member holding SENSITIVE_DATA_REVEAL, and writes the audit entry first: no value
 * leaves the server unless its SENSITIVE_DATA_REVEALED entry (who, when, which field, why) is stored.
 */
import type { FastifyRequest } from 'fastify';
import {
  formatSsn,
  SENSITIVE_READ_ACTION,
  STAFF_NOTE_ACTION,
  type TChatTranscript,
  type TRevealAnswer,
  type TRevealRequest,
  type TStaffNote,
} from '@heloc/domain';
import type { Database, Executor } from '../../db';
import { accountContext } from '../../engine/closing/jobs/shared';
import { ssnContext } from '../../engine/submission/secrets';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { recordEvent } from '../../workflow/audit';
import { staffOf } from '../staff/policy';
import {
  insertStaffNote,
  selectApplicationOwner,
  selectChatTranscripts,
  selectSealedAccount,
  selectSealedSsn,
  selectStaffNotes,
} from './records-repository';
import { APPLICATION_NOT_FOUND, authorizeApplication } from './service';

export async function revealSensitive(
  db: Database,
  clock: Clock,
  request: FastifyRequest,
  applicationUuid: string,
  body: TRevealRequest,
): Promise<TRevealAnswer> {
  // The route asked for SENSITIVE_DATA_REVEAL; this adds the organisation and a loan officer's scope.
  await authorizeApplication(db, request, applicationUuid);
  const staff = staffOf(request);
  const row =
    body.field === 'SSN'
      ? await selectSealedSsn(db, applicationUuid)
      : await selectSealedAccount(db, applicationUuid, body.purpose);
  if (!row) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  if (!row.sealed)
    throw new AppError(
      'CONFLICT',
      body.field === 'SSN'
        ? 'No SSN is on file for this borrower'
        : `No ${body.purpose.toLowerCase()} account is on file for this application`,
    );
  const purpose = body.field === 'ACCOUNT_NUMBER' ? body.purpose : null;
  const plain = request.server.sealer.open(
    row.sealed,
    body.field === 'SSN'
      ? ssnContext(row.application.identityUuid)
      : accountContext(applicationUuid, body.purpose),
  );
  const at = clock.now();
  await recordEvent(db, clock, {
    applicationUuid,
    actor: { type: 'STAFF', uuid: staff.identityUuid },
    kind: 'ACTION',
    action: SENSITIVE_READ_ACTION,
    fromStep: row.application.step,
    toStep: row.application.step,
    reason: body.reason,
    // Which field, never its value.
    data: { field: body.field, ...(purpose && { purpose }) },
  });
  return {
    field: body.field,
    purpose,
    value: body.field === 'SSN' ? formatSsn(plain) : plain,
    revealedAt: at.toISOString(),
  };
}

function staffNote(row: Awaited<ReturnType<typeof selectStaffNotes>>[number]): TStaffNote {
  return {
    uuid: row.note.uuid,
    body: row.note.body,
    author: row.author,
    createdAt: row.note.createdAt.toISOString(),
  };
}

export async function listStaffNotes(
  db: Executor,
  request: FastifyRequest,
  applicationUuid: string,
): Promise<TStaffNote[]> {
  await authorizeApplication(db, request, applicationUuid);
  return (await selectStaffNotes(db, applicationUuid)).map(staffNote);
}

/** Adds a note and its audit entry together (also on a closed application: notes outlive decisions). */
export async function addStaffNote(
  db: Database,
  clock: Clock,
  request: FastifyRequest,
  applicationUuid: string,
  body: string,
): Promise<TStaffNote> {
  await authorizeApplication(db, request, applicationUuid);
  const staff = staffOf(request);
  const uuid = await db.transaction(async (tx) => {
    const owner = await selectApplicationOwner(tx, applicationUuid);
    if (!owner) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
    const note = await insertStaffNote(tx, {
      applicationUuid,
      authorUuid: staff.identityUuid,
      body,
      createdAt: clock.now(),
    });
    await recordEvent(tx, clock, {
      applicationUuid,
      actor: { type: 'STAFF', uuid: staff.identityUuid },
      kind: 'ACTION',
      action: STAFF_NOTE_ACTION,
      fromStep: owner.step,
      toStep: owner.step,
      // The timeline shows the note as the entry's "why".
      reason: body,
      data: { noteUuid: note.uuid },
    });
    return note.uuid;
  });
  return staffNote((await selectStaffNotes(db, applicationUuid, uuid))[0]!);
}

export async function listChatTranscripts(
  db: Executor,
  request: FastifyRequest,
  applicationUuid: string,
): Promise<TChatTranscript[]> {
  await authorizeApplication(db, request, applicationUuid);
  const owner = await selectApplicationOwner(db, applicationUuid);
  if (!owner) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  const { conversations, messages } = await selectChatTranscripts(db, owner);
  return conversations.map((conversation) => ({
    uuid: conversation.uuid,
    kind: conversation.kind,
    status: conversation.status,
    agentName: conversation.agentName,
    createdAt: conversation.createdAt.toISOString(),
    endedAt: conversation.endedAt?.toISOString() ?? null,
    linked: conversation.applicationUuid === applicationUuid,
    messages: messages
      .filter((message) => message.conversationUuid === conversation.uuid)
      .map((message) => ({
        uuid: message.uuid,
        role: message.role,
        author: message.author,
        body: message.body,
        attachments: message.media.map((media) => media.filename),
        at: message.createdAt.toISOString(),
      })),
  }));
}
