/** The closing's longer answers: the bank link, every e-signature, the eNotary session. */
import { ESIGN_DISCLOSURE_VERSION } from '@heloc/domain';
import type { Client } from './client';
import { UnexpectedAnswer, type Answer } from './transport';
import { type BorrowerMemory, type BorrowerPlan } from './plan';

/** The instant in a 409's details (when a Texas closing may happen, when notaries are in), or null. */
export function detailInstant(answer: Answer, key: 'earliestClosingAt' | 'nextAvailableAt'): Date | null {
  try {
    const value = answer.json<{ details?: Record<string, unknown> }>().details?.[key];
    return typeof value === 'string' ? new Date(value) : null;
  } catch {
    return null;
  }
}

/** The sandbox bank link (income and accounts): link token, authentication, remembered. */
export async function linkBank(client: Client, memory: BorrowerMemory) {
  const { engine, call } = client;
  const token = (
    await call('income link token', 'POST', `${engine}/income/link-token`, { kind: 'BANK' })
  ).json<{
    linkToken: string;
    institutions: { institutionId: string; name: string }[];
    sandboxCredentials: { username: string; password: string };
  }>();
  const institution = token.institutions[0]!;
  const linked = (
    await call('income link authenticate', 'POST', `${engine}/income/link/authenticate`, {
      linkToken: token.linkToken,
      institutionId: institution.institutionId,
      username: token.sandboxCredentials.username,
      password: token.sandboxCredentials.password,
    })
  ).json<{ publicToken: string; accounts: { accountId: string; mask: string }[] }>();
  memory.bankLink = linked;
  return { institution, linked };
}

/** Every e-signed closing document signed (NOTE_SIGNING), waiting out the Texas notice when told how. */
export async function signAll(client: Client, plan: BorrowerPlan, memory: BorrowerMemory) {
  const { engine, call } = client;
  const list = (await call('closing documents', 'GET', `${engine}/closing-documents`)).json<{
    esignDisclosureVersion?: string;
    documents: { uuid: string; type: string; signingMethod: string }[];
  }>();
  let answer: Answer | null = null;
  const signed: string[] = [];
  let waitedMs = 0;
  for (const doc of list.documents.filter((each) => each.signingMethod === 'ESIGN')) {
    const sign = () =>
      call(
        `sign ${doc.type}`,
        'POST',
        `${engine}/signing/sign`,
        {
          documentUuid: doc.uuid,
          esignConsent: true,
          esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
          scrolledToBottom: true,
        },
        [200, 409],
      );
    answer = await sign();
    // Texas: the 12-day notice has not run yet; the borrower comes back on the first day allowed.
    const earliest =
      answer.status === 409 && plan.waitUntil ? detailInstant(answer, 'earliestClosingAt') : null;
    if (earliest) {
      waitedMs += await plan.waitUntil!(earliest);
      answer = await sign();
    }
    if (answer.status !== 200) throw new UnexpectedAnswer(`sign ${doc.type}`, answer);
    signed.push(doc.type);
  }
  memory.deedUuid = list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')?.uuid ?? null;
  return { answer, signed, waitedMs };
}

/** The eNotary session (DEED_SIGNING): identity questions from the registration, deed reviewed and signed. */
export async function enotarySession(client: Client, plan: BorrowerPlan, memory: BorrowerMemory) {
  const { engine, call } = client;
  let sessionAnswer = await call('notary session', 'POST', `${engine}/notary/session`, undefined, [200, 409]);
  // Outside the notaries' hours: the borrower comes back when they open.
  const opens =
    sessionAnswer.status === 409 && plan.waitUntil ? detailInstant(sessionAnswer, 'nextAvailableAt') : null;
  let waitedMs = 0;
  if (opens) {
    waitedMs = await plan.waitUntil!(opens);
    sessionAnswer = await call('notary session', 'POST', `${engine}/notary/session`);
  }
  if (sessionAnswer.status !== 200) throw new UnexpectedAnswer('notary session', sessionAnswer);
  const session = sessionAnswer.json<{ questions: { id: string; choices: string[] }[] }>();
  const pick = (id: string, wanted: string) =>
    session.questions
      .find((question) => question.id === id)
      ?.choices.find((choice) => choice.toLowerCase().includes(wanted.toLowerCase())) ?? '';
  await call('notary identity', 'POST', `${engine}/notary/session/identity`, {
    answers: {
      birthYear: plan.dob.slice(0, 4),
      street: pick('street', plan.address.street1.split(' ').slice(1).join(' ')),
      city: pick('city', plan.address.city),
    },
  });
  let deedUuid = memory.deedUuid;
  if (!deedUuid) {
    const list = (await call('closing documents', 'GET', `${engine}/closing-documents`)).json<{
      documents: { uuid: string; type: string }[];
    }>();
    deedUuid = list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')!.uuid;
  }
  await call('notary review', 'POST', `${engine}/notary/session/review`, {
    documentUuid: deedUuid,
    scrolledToBottom: true,
  });
  const answer = await call('notary sign', 'POST', `${engine}/notary/session/sign`, { esignConsent: true });
  return { answer, waitedMs };
}
