/**
 * What the simulated borrower answers at each settled status (SSN, PIN, property, liens, offer, …,
 * income, accounts, identity, signing, notary, insurance): one move per call, each given once.
 */
import type { LightMyRequestResponse } from 'fastify';
import {
  ESIGN_DISCLOSURE_VERSION,
  incomeUploadTypeOf,
  VALUATION_FEE_CENTS,
  type TRegistrationInput,
} from '@heloc/domain';
import type { ManualClock } from '../../src/lib/clock';
import { SANDBOX_VALUES } from '../../src/providers';
import {
  detailInstant,
  documentPdf,
  dollars,
  SANDBOX_ID_PNG,
  SIMULATION_ADDRESSES,
  UnexpectedAnswer,
  type SimulateOptions,
  type SimulationResult,
  type SimulationState,
  type TimelineFacts,
} from './model';

export type MoveContext = {
  options: SimulateOptions;
  lastName: string;
  state: SimulationState;
  ssnEnding: string;
  pin: string;
  clock: ManualClock;
  /** The registration body (its e-mail, phone and birth date are answered again later). */
  body: TRegistrationInput;
  /** The application's engine path. */
  engine: string;
  call: (
    action: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    expectedCodes?: readonly number[],
  ) => Promise<LightMyRequestResponse>;
  upload: (
    action: string,
    url: string,
    file: { bytes: Uint8Array; fileName: string },
    fields?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  record: (action: string, res: LightMyRequestResponse | null, facts?: TimelineFacts) => Promise<void>;
  /** Each borrower answer is given once: answering the same question again would loop. */
  once: (key: string) => boolean;
  done: Set<string>;
  /** What a move learns for a later one: the linked bank, the deed to notarise. */
  memo: {
    bankLink: { publicToken: string; accounts: { accountId: string; mask: string }[] } | null;
    deedUuid: string | null;
  };
};

/**
 * Answers the settled status `name` when the borrower has something to do there: 'moved' once
 * answered, 'none' when there is nothing to answer, or why the run stops.
 */
export async function borrowerMove(
  ctx: MoveContext,
  name: string,
  screen: string,
): Promise<'moved' | 'none' | SimulationResult['stop']> {
  const {
    options,
    lastName,
    state,
    ssnEnding,
    pin,
    clock,
    body,
    engine,
    call,
    upload,
    record,
    once,
    done,
    memo,
  } = ctx;
  if (name === 'IN_PROGRESS' && once('profile')) {
    const res = await call('submit profile', 'POST', `${engine}/profile`, {
      name: { firstName: 'Sandy', lastName },
      dob: '1980-02-29',
      softCreditConsent: true,
    });
    await record('submit profile + soft-credit consent', res);
  } else if (name === 'CREDIT_NO_MATCH' && once('ssn')) {
    const res = await call('submit SSN', 'POST', `${engine}/ssn`, { ssn: `123-45-${ssnEnding}` });
    await record(`submit SSN ***-**-${ssnEnding}`, res);
  } else if (name === 'CREDIT_FROZEN_PIN' && once('pin')) {
    const res = await call('submit PIN', 'POST', `${engine}/credit-pin`, { pin });
    await record('submit freeze PIN', res);
  } else if (name === 'MULTIPLE_PROPERTIES' && once('property')) {
    const list = (await call('list properties', 'GET', `${engine}/properties`)).json() as {
      properties: { propertyId: string; street1: string; city: string }[];
    };
    const first = list.properties[0];
    if (!first) {
      return { reason: 'needs-input', detail: 'no property to choose from' };
    }
    const res = await call('choose property', 'POST', `${engine}/property`, {
      propertyId: first.propertyId,
    });
    await record(`choose property 1 of ${list.properties.length} (${first.street1}, ${first.city})`, res);
  } else if (name === 'LIEN_VERIFICATION' && once('liens')) {
    await record('confirm liens', await call('confirm liens', 'POST', `${engine}/liens/confirm`));
  } else if (name === 'OFFER_SELECTION' && once('offer')) {
    const list = (await call('list offers', 'GET', `${engine}/offers`)).json() as {
      maxLineCents: number;
      minLineCents: number;
      offers: { uuid: string; termYears: number; rateBps: number }[];
    };
    const first = list.offers[0];
    if (!first) {
      return { reason: 'needs-input', detail: 'no offer to choose from' };
    }
    const amountCents =
      options.amountDollars === undefined ? list.maxLineCents : Math.round(options.amountDollars * 100);
    const res = await call('select offer', 'POST', `${engine}/offer`, {
      offerUuid: first.uuid,
      amountCents,
    });
    await record(`select offer 1 (${first.termYears} years)`, res, {
      offers: list.offers.length,
      maxLineCents: list.maxLineCents,
      minLineCents: list.minLineCents,
      chosen: { termYears: first.termYears, rateBps: first.rateBps, amountCents },
    });
  } else if (name === 'ASSETS_PREQUAL' && once('assets')) {
    const res = await call('declare assets', 'POST', `${engine}/asset-depletion`, {
      assets: [
        {
          type: 'SAVINGS',
          institutionName: 'Sandbox Bank',
          balanceCents: SANDBOX_VALUES.assetsBalanceCents,
        },
      ],
    });
    await record(`declare savings of ${dollars(SANDBOX_VALUES.assetsBalanceCents)} (asset depletion)`, res);
  } else if (name === 'COLLECT_ADDITIONAL_INFO' && once('contact')) {
    const res = await call('save contact', 'POST', `${engine}/contact`, {
      email: body.email,
      phoneNumber: body.phoneNumber,
    });
    const more = await call('additional profile', 'POST', `${engine}/additional-profile`, {
      ownership: 'SOLE',
      ...(once('ssn') && { ssn: `123-45-${ssnEnding}` }),
      hardCreditConsent: true,
    });
    void res;
    await record('contact, ownership, SSN + hard-credit consent', more);
  } else if (name === 'HMDA' && once('hmda')) {
    const res = await call('HMDA', 'POST', `${engine}/hmda`, {
      ethnicity: { declined: true, values: [] },
      race: { declined: true, values: [] },
      sex: { declined: true, values: [] },
    });
    await record('HMDA (each declined)', res);
  } else if (name === 'SUMMARY' && once('submit')) {
    const res = await call('submit', 'POST', `${engine}/submit`, {
      summaryAccepted: true,
      hardCreditConsent: true,
    });
    await record('submit (summary confirmed, hard pull)', res);
  } else if (name === 'CLTV_REQUALIFY' && once('requalify')) {
    const view = (await call('requalify view', 'GET', `${engine}/requalify`)).json() as {
      maxLineCents: number;
    };
    const res = await call('requalify', 'POST', `${engine}/requalify`, {
      amountCents: view.maxLineCents,
    });
    await record(`accept the lower line of ${dollars(view.maxLineCents)}`, res);
  } else if (name === 'NO_AVM' && once('estimate')) {
    const res = await call('estimate value', 'POST', `${engine}/bpo/estimate`, {
      estimatedValueCents: SANDBOX_VALUES.avmValueCents,
    });
    await record(`estimate the home at ${dollars(SANDBOX_VALUES.avmValueCents)}`, res);
  } else if (name === 'BPO_ORDER' && once(`bpo:${done.size}`)) {
    const res = await call('order valuation', 'POST', `${engine}/bpo/order`, {
      feeConsent: true,
      feeCents: VALUATION_FEE_CENTS,
    });
    await record(`order the valuation (${dollars(VALUATION_FEE_CENTS)} consented)`, res);
  } else if (name === 'INCOME_VERIFICATION' && once('income-link')) {
    const token = (
      await call('income link token', 'POST', `${engine}/income/link-token`, { kind: 'BANK' })
    ).json() as {
      linkToken: string;
      institutions: { institutionId: string; name: string }[];
      sandboxCredentials: { username: string; password: string };
    };
    const institution = token.institutions[0]!;
    const linked = (
      await call('income link authenticate', 'POST', `${engine}/income/link/authenticate`, {
        linkToken: token.linkToken,
        institutionId: institution.institutionId,
        username: token.sandboxCredentials.username,
        password: token.sandboxCredentials.password,
      })
    ).json() as { publicToken: string; accounts: { accountId: string; mask: string }[] };
    memo.bankLink = linked;
    const res = await call('income link', 'POST', `${engine}/income/link`, {
      publicToken: linked.publicToken,
    });
    await record(`link income (${institution.name})`, res);
  } else if (name === 'INCOME_VERIFICATION' && once(`income-documents:${done.size}`)) {
    const income = (await call('income review', 'GET', `${engine}/income`)).json() as {
      requiredDocuments: { documentType: string; count: number }[];
    };
    const uploaded: string[] = [];
    for (const required of income.requiredDocuments) {
      const path = incomeUploadTypeOf(required.documentType);
      if (!path) continue;
      for (let n = 0; n < required.count; n += 1) {
        await upload(`upload ${path}`, `${engine}/income/upload/${path}`, documentPdf(`${path} ${n + 1}`));
        uploaded.push(path);
      }
    }
    if (uploaded.length === 0) {
      return { reason: 'needs-input', detail: `${name} (${screen}) asks for no document it can upload` };
    }
    const res = await call('submit income documents', 'POST', `${engine}/income/documents/submit`);
    await record(`upload ${uploaded.join(', ')} and submit`, res);
  } else if (name === 'EMPLOYMENT_VERIFICATION' && once('employer')) {
    const res = await call('employer', 'POST', `${engine}/income/employer-verification`, {
      employerName: 'Sandbox Tools Inc.',
    });
    await record('name the employer', res);
  } else if (name === 'DISBURSEMENT_ACCOUNT' && once('disburse')) {
    const account = memo.bankLink?.accounts[0];
    const res = account
      ? await call('disbursement account', 'POST', `${engine}/bank/disburse`, {
          publicToken: memo.bankLink!.publicToken,
          accountId: account.accountId,
        })
      : await call('disbursement account', 'POST', `${engine}/bank/manual-disburse`, {
          routingNumber: '021000021',
          accountNumber: '000123456789',
        });
    await record(`disburse to the account ••••${account?.mask ?? '6789'}`, res);
  } else if (name === 'AUTOPAY_ACCOUNT' && once('autopay')) {
    const res = await call('autopay', 'POST', `${engine}/bank/autopay`, { payType: 'AUTOPAY' });
    await record('autopay from the disbursement account', res);
  } else if (name === 'IDENTITY_VERIFICATION' && once(`identity:${done.size}`)) {
    const res = await upload('identity document', `${engine}/identity`, SANDBOX_ID_PNG, {
      idType: 'DRIVERS_LICENSE',
    });
    await record("upload the driver's license", res);
  } else if (name === 'NOTE_SIGNING' && once('sign')) {
    const list = (await call('closing documents', 'GET', `${engine}/closing-documents`)).json() as {
      documents: { uuid: string; type: string; signingMethod: string }[];
    };
    let res: LightMyRequestResponse | null = null;
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
      res = await sign();
      // Texas: the 12-day notice has not run yet; the borrower comes back on the first day allowed.
      const earliest = res.statusCode === 409 ? detailInstant(res, 'earliestClosingAt') : null;
      if (earliest) {
        const gap = Math.max(0, earliest.getTime() - clock.now().getTime());
        clock.advance(gap);
        waitedMs += gap;
        res = await sign();
      }
      if (res.statusCode !== 200) throw new UnexpectedAnswer(`sign ${doc.type}`, res);
      signed.push(doc.type);
    }
    memo.deedUuid = list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')?.uuid ?? null;
    await record(
      waitedMs > 0
        ? `wait out the Texas 12-day notice, e-sign ${signed.length} documents`
        : `e-sign ${signed.length} documents`,
      res,
      waitedMs > 0 ? { waitedMs } : {},
    );
  } else if (name === 'NOTARY_DISCLOSURE' && once('notary-choice')) {
    const res = await call('notary choice', 'POST', `${engine}/notary/choice`, { method: 'ENOTARY' });
    await record('choose the electronic notary', res);
  } else if (name === 'DEED_SIGNING' && memo.deedUuid && once(`enotary:${done.size}`)) {
    let sessionRes = await call('notary session', 'POST', `${engine}/notary/session`, undefined, [200, 409]);
    // Outside the notaries' hours: the borrower comes back when they open.
    const opens = sessionRes.statusCode === 409 ? detailInstant(sessionRes, 'nextAvailableAt') : null;
    let notaryWaitMs = 0;
    if (opens) {
      notaryWaitMs = Math.max(0, opens.getTime() - clock.now().getTime());
      clock.advance(notaryWaitMs);
      sessionRes = await call('notary session', 'POST', `${engine}/notary/session`);
    }
    if (sessionRes.statusCode !== 200) throw new UnexpectedAnswer('notary session', sessionRes);
    const session = sessionRes.json() as { questions: { id: string; choices: string[] }[] };
    const address = SIMULATION_ADDRESSES[state];
    const pick = (id: string, wanted: string) =>
      session.questions
        .find((question) => question.id === id)
        ?.choices.find((choice) => choice.toLowerCase().includes(wanted.toLowerCase())) ?? '';
    await call('notary identity', 'POST', `${engine}/notary/session/identity`, {
      answers: {
        birthYear: body.dob.slice(0, 4),
        street: pick('street', address.street1.split(' ').slice(1).join(' ')),
        city: pick('city', address.city),
      },
    });
    await call('notary review', 'POST', `${engine}/notary/session/review`, {
      documentUuid: memo.deedUuid,
      scrolledToBottom: true,
    });
    const res = await call('notary sign', 'POST', `${engine}/notary/session/sign`, {
      esignConsent: true,
    });
    await record(
      notaryWaitMs > 0
        ? 'wait for notary hours; eNotary session: identity questions, deed reviewed and signed'
        : 'eNotary session: identity questions, deed reviewed and signed',
      res,
      notaryWaitMs > 0 ? { waitedMs: notaryWaitMs } : {},
    );
  } else if (name === 'TRUST_AND_INSURANCE' && once('insurance')) {
    const requirements = (
      await call('insurance requirements', 'GET', `${engine}/insurance/requirements`)
    ).json() as { requirements: { type: string; required: boolean }[] };
    let res: LightMyRequestResponse | null = null;
    const uploaded: string[] = [];
    for (const requirement of requirements.requirements.filter((each) => each.required)) {
      res = await upload(
        `upload ${requirement.type} insurance`,
        `${engine}/insurance/upload/${requirement.type}`,
        documentPdf(`${requirement.type} insurance`),
      );
      uploaded.push(requirement.type);
    }
    await record(`upload proof of ${uploaded.join(' and ')} insurance`, res);
  } else {
    return 'none';
  }
  return 'moved';
}
