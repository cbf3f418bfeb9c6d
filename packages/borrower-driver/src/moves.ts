/**
 * What the borrower answers at each settled status, the one copy every driver uses (the simulator,
 * the server's integration helpers, the browser tests' set-up): profile, SSN, PIN, property, liens,
 * offer, assets, more info, HMDA, submission, requalify, value estimate, valuation order, income,
 * employer, accounts, identity, e-signatures, notary, insurance. One move per call, each answer given
 * once (`done`), so a status that comes back does not loop.
 */
import { incomeUploadTypeOf, VALUATION_FEE_CENTS } from '@heloc/domain';
import type { Client } from './client';
import { documentPdf, ID_PNG } from './files';
import { type Answer } from './transport';
import { enotarySession, linkBank, signAll } from './closing-steps';
import {
  HMDA_DECLINED,
  type BorrowerMemory,
  type BorrowerPlan,
  type Move,
  type MoveFacts,
  type NoMove,
} from './plan';

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/**
 * The borrower's answer at the settled status `name`, when there is one to give (and it was not given
 * already). `screen` only words a `needs-input` stop.
 */
export async function borrowerMove(
  client: Client,
  plan: BorrowerPlan,
  memory: BorrowerMemory,
  name: string,
  screen = name,
): Promise<Move | NoMove> {
  const { engine, call, upload } = client;
  const { done } = memory;
  // Each borrower answer is given once: answering the same question again would loop.
  const once = (key: string) => !done.has(key) && done.add(key) !== undefined;
  const ssnEnding = plan.ssnEnding ?? '6789';
  const moved = (description: string, answer: Answer | null, facts: MoveFacts = {}): Move => ({
    kind: 'moved',
    description,
    answer,
    facts,
  });

  if (name === 'IN_PROGRESS' && once('profile')) {
    const answer = await call('submit profile', 'POST', `${engine}/profile`, {
      name: { firstName: plan.firstName, lastName: plan.lastName },
      dob: plan.dob,
      softCreditConsent: true,
    });
    return moved('submit profile + soft-credit consent', answer);
  }
  if (name === 'CREDIT_NO_MATCH' && once('ssn')) {
    const answer = await call('submit SSN', 'POST', `${engine}/ssn`, { ssn: `123-45-${ssnEnding}` });
    return moved(`submit SSN ***-**-${ssnEnding}`, answer);
  }
  if (name === 'CREDIT_FROZEN_PIN' && once('pin')) {
    const answer = await call('submit PIN', 'POST', `${engine}/credit-pin`, { pin: plan.pin });
    return moved('submit freeze PIN', answer);
  }
  if (name === 'MULTIPLE_PROPERTIES' && once('property')) {
    const list = (await call('list properties', 'GET', `${engine}/properties`)).json<{
      properties: { propertyId: string; street1: string; city: string }[];
    }>();
    const first = list.properties[0];
    if (!first) return { kind: 'needs-input', detail: 'no property to choose from' };
    const answer = await call('choose property', 'POST', `${engine}/property`, {
      propertyId: first.propertyId,
    });
    return moved(`choose property 1 of ${list.properties.length} (${first.street1}, ${first.city})`, answer);
  }
  if (name === 'LIEN_VERIFICATION' && once('liens')) {
    let corrections: { uuid: string; balanceCents: number }[] = [];
    if (plan.lienBalanceCents !== undefined) {
      const liens = (await call('list liens', 'GET', `${engine}/liens`)).json<{
        liens: { uuid: string }[];
      }>();
      corrections = liens.liens.map((lien) => ({ uuid: lien.uuid, balanceCents: plan.lienBalanceCents! }));
    }
    const answer = await call(
      'confirm liens',
      'POST',
      `${engine}/liens/confirm`,
      corrections.length > 0 ? { corrections } : undefined,
    );
    return moved('confirm liens', answer);
  }
  if (name === 'OFFER_SELECTION' && once('offer')) {
    const list = (await call('list offers', 'GET', `${engine}/offers`)).json<{
      maxLineCents: number;
      minLineCents: number;
      offers: { uuid: string; termYears: number; rateBps: number }[];
    }>();
    const wanted = plan.offer?.termYears;
    const index = Math.max(
      0,
      wanted === undefined ? 0 : list.offers.findIndex((o) => o.termYears === wanted),
    );
    const chosen = list.offers[index];
    if (!chosen) return { kind: 'needs-input', detail: 'no offer to choose from' };
    const amount = plan.offer?.amountCents ?? 'MAX';
    const amountCents =
      amount === 'MAX'
        ? list.maxLineCents
        : plan.offer?.exactAmount
          ? amount
          : Math.min(list.maxLineCents, amount);
    const answer = await call('select offer', 'POST', `${engine}/offer`, {
      offerUuid: chosen.uuid,
      amountCents,
    });
    return moved(`select offer ${index + 1} (${chosen.termYears} years)`, answer, {
      offers: list.offers.length,
      maxLineCents: list.maxLineCents,
      minLineCents: list.minLineCents,
      chosen: { termYears: chosen.termYears, rateBps: chosen.rateBps, amountCents },
    });
  }
  if (name === 'ASSETS_PREQUAL' && plan.assetsBalanceCents !== undefined && once('assets')) {
    const answer = await call('declare assets', 'POST', `${engine}/asset-depletion`, {
      assets: [{ type: 'SAVINGS', institutionName: 'Sandbox Bank', balanceCents: plan.assetsBalanceCents }],
    });
    return moved(`declare savings of ${dollars(plan.assetsBalanceCents)} (asset depletion)`, answer);
  }
  if (name === 'COLLECT_ADDITIONAL_INFO' && once('contact')) {
    await call('save contact', 'POST', `${engine}/contact`, {
      email: plan.email,
      phoneNumber: plan.phoneNumber,
    });
    const answer = await call('additional profile', 'POST', `${engine}/additional-profile`, {
      ownership: plan.ownership ?? 'SOLE',
      // An SSN given at CREDIT_NO_MATCH is not asked again.
      ...(once('ssn') && { ssn: `123-45-${ssnEnding}` }),
      hardCreditConsent: true,
    });
    return moved('contact, ownership, SSN + hard-credit consent', answer);
  }
  if (name === 'HMDA' && once('hmda')) {
    return moved('HMDA (each declined)', await call('HMDA', 'POST', `${engine}/hmda`, HMDA_DECLINED));
  }
  if (name === 'SUMMARY' && once('submit')) {
    const answer = await call('submit', 'POST', `${engine}/submit`, {
      summaryAccepted: true,
      hardCreditConsent: true,
    });
    return moved('submit (summary confirmed, hard pull)', answer);
  }
  if (name === 'CLTV_REQUALIFY' && once('requalify')) {
    const view = (await call('requalify view', 'GET', `${engine}/requalify`)).json<{
      maxLineCents: number;
    }>();
    const answer = await call('requalify', 'POST', `${engine}/requalify`, { amountCents: view.maxLineCents });
    return moved(`accept the lower line of ${dollars(view.maxLineCents)}`, answer);
  }
  if (name === 'NO_AVM' && plan.estimatedValueCents !== undefined && once('estimate')) {
    const answer = await call('estimate value', 'POST', `${engine}/bpo/estimate`, {
      estimatedValueCents: plan.estimatedValueCents,
    });
    return moved(`estimate the home at ${dollars(plan.estimatedValueCents)}`, answer);
  }
  if (name === 'BPO_ORDER' && once(`bpo:${done.size}`)) {
    const answer = await call('order valuation', 'POST', `${engine}/bpo/order`, {
      feeConsent: true,
      feeCents: VALUATION_FEE_CENTS,
    });
    return moved(`order the valuation (${dollars(VALUATION_FEE_CENTS)} consented)`, answer);
  }
  if (name === 'INCOME_VERIFICATION' && once('income-link')) {
    const { institution, linked } = await linkBank(client, memory);
    const answer = await call('income link', 'POST', `${engine}/income/link`, {
      publicToken: linked.publicToken,
    });
    return moved(`link income (${institution.name})`, answer);
  }
  if (name === 'INCOME_VERIFICATION' && once(`income-documents:${done.size}`)) {
    const income = (await call('income review', 'GET', `${engine}/income`)).json<{
      requiredDocuments: { documentType: string; count: number }[];
    }>();
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
      return { kind: 'needs-input', detail: `${name} (${screen}) asks for no document it can upload` };
    }
    const answer = await call('submit income documents', 'POST', `${engine}/income/documents/submit`);
    return moved(`upload ${uploaded.join(', ')} and submit`, answer);
  }
  if (name === 'EMPLOYMENT_VERIFICATION' && once('employer')) {
    const answer = await call('employer', 'POST', `${engine}/income/employer-verification`, {
      employerName: plan.employerName ?? 'Sandbox Tools Inc.',
    });
    return moved('name the employer', answer);
  }
  if (name === 'DISBURSEMENT_ACCOUNT' && once('disburse')) {
    const account = memory.bankLink?.accounts[0];
    const answer = account
      ? await call('disbursement account', 'POST', `${engine}/bank/disburse`, {
          publicToken: memory.bankLink!.publicToken,
          accountId: account.accountId,
        })
      : await call('disbursement account', 'POST', `${engine}/bank/manual-disburse`, {
          routingNumber: '021000021',
          accountNumber: '000123456789',
        });
    return moved(`disburse to the account ••••${account?.mask ?? '6789'}`, answer);
  }
  if (name === 'AUTOPAY_ACCOUNT' && once('autopay')) {
    const answer = await call('autopay', 'POST', `${engine}/bank/autopay`, { payType: 'AUTOPAY' });
    return moved('autopay from the disbursement account', answer);
  }
  if (name === 'IDENTITY_VERIFICATION' && once(`identity:${done.size}`)) {
    const answer = await upload('identity document', `${engine}/identity`, ID_PNG, {
      idType: 'DRIVERS_LICENSE',
    });
    return moved("upload the driver's license", answer);
  }
  if (name === 'NOTE_SIGNING' && once('sign')) {
    const { answer, signed, waitedMs } = await signAll(client, plan, memory);
    return moved(
      waitedMs > 0
        ? `wait out the Texas 12-day notice, e-sign ${signed.length} documents`
        : `e-sign ${signed.length} documents`,
      answer,
      waitedMs > 0 ? { waitedMs } : {},
    );
  }
  if (name === 'NOTARY_DISCLOSURE' && once('notary-choice')) {
    const answer = await call('notary choice', 'POST', `${engine}/notary/choice`, { method: 'ENOTARY' });
    return moved('choose the electronic notary', answer);
  }
  if (name === 'DEED_SIGNING' && once(`enotary:${done.size}`)) {
    const { answer, waitedMs } = await enotarySession(client, plan, memory);
    return moved(
      waitedMs > 0
        ? 'wait for notary hours; eNotary session: identity questions, deed reviewed and signed'
        : 'eNotary session: identity questions, deed reviewed and signed',
      answer,
      waitedMs > 0 ? { waitedMs } : {},
    );
  }
  if (name === 'TRUST_AND_INSURANCE' && once('insurance')) {
    const requirements = (
      await call('insurance requirements', 'GET', `${engine}/insurance/requirements`)
    ).json<{ requirements: { type: string; required: boolean }[] }>();
    let answer: Answer | null = null;
    const uploaded: string[] = [];
    for (const requirement of requirements.requirements.filter((each) => each.required)) {
      answer = await upload(
        `upload ${requirement.type} insurance`,
        `${engine}/insurance/upload/${requirement.type}`,
        documentPdf(`${requirement.type} insurance`),
      );
      uploaded.push(requirement.type);
    }
    return moved(`upload proof of ${uploaded.join(' and ')} insurance`, answer);
  }
  return { kind: 'none' };
}
