/**
 * The step screens from income verification to funding (issue 6), each a lazy route under the
 * application frame, routed by the server status (spec 1 §2, §4). Screens share one chunk (the closing
 * feature); `alsoWhen` lists the destinations under which a screen may stay open (e.g. an upload
 * screen while the destination is the income review it belongs to).
 */
import { createElement } from 'react';
import { redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { TStepPath } from '@heloc/domain';
import { paths } from '@/config/paths';
import { stepRoute } from './step-route';

const screens = () => import('@/features/closing');

/** Redirect routes answer from their loader; this keeps the router from warning about a missing element. */
function Redirecting() {
  return null;
}
type Screens = Awaited<ReturnType<typeof screens>>;
const screen = (name: keyof Screens) => () =>
  screens().then((module) => ({ Component: module[name] as React.ComponentType }));

/** A path that only leads elsewhere under the same application (e.g. `income/link` → review). */
const redirectTo =
  (step: TStepPath | '') =>
  ({ params }: LoaderFunctionArgs) =>
    redirect(`${paths.app.application.getHref(params.applicationUuid ?? '')}${step ? `/${step}` : ''}`);

export const closingRoutes: RouteObject[] = [
  // Income.
  stepRoute('income/review', screen('IncomeReview')),
  { path: 'income/link', loader: redirectTo('income/review'), Component: Redirecting },
  stepRoute('income/link/:type', screen('IncomeLink'), { alsoWhen: ['income/review'] }),
  stepRoute('income/pointserv-callback', screen('PointservCallback'), { statusRouted: false }),
  stepRoute('income/upload/:type', screen('IncomeUpload'), { alsoWhen: ['income/review', 'conditions'] }),
  stepRoute('income/employer-verification', screen('EmployerVerification')),
  // Identity.
  // The other owners on title are listed here, before the closing documents, with the signer feature's form.
  stepRoute(
    'identity',
    () =>
      Promise.all([screens(), import('@/features/heloc-signer')]).then(([closing, signer]) => ({
        Component: () =>
          createElement(closing.IdentityScreen, {
            renderOwners: (applicationUuid: string) =>
              createElement(signer.InviteSignersForm, { applicationUuid, stage: 'before-documents' }),
          }),
      })),
    { alsoWhen: ['conditions'] },
  ),
  // Accounts.
  { path: 'bank', loader: redirectTo(''), Component: Redirecting },
  stepRoute('bank/disburse', screen('BankDisburse')),
  stepRoute('bank/manual-disburse', screen('BankManualDisburse'), { alsoWhen: ['bank/disburse'] }),
  stepRoute('bank/confirm', screen('BankConfirm'), { alsoWhen: ['bank/autopay'] }),
  stepRoute('bank/autopay', screen('BankAutopay')),
  // Signing.
  stepRoute('signing/intro', screen('SigningIntro')),
  stepRoute('signing/sign', screen('SigningSign'), { alsoWhen: ['signing/intro'] }),
  // The borrower invites the other owners here, with the signer feature's form.
  stepRoute('signing/additional', () =>
    Promise.all([screens(), import('@/features/heloc-signer')]).then(([closing, signer]) => ({
      Component: () =>
        createElement(closing.SigningAdditional, {
          renderInvite: (applicationUuid: string) =>
            createElement(signer.InviteSignersForm, { applicationUuid }),
        }),
    })),
  ),
  stepRoute('signing/support', screen('SigningSupport'), { statusRouted: false }),
  // Notary.
  stepRoute('notary/intro', screen('NotaryIntro')),
  stepRoute('notary/reserve-manual', screen('NotaryReserveManual')),
  stepRoute('notary/schedule-manual', screen('NotaryScheduleManual'), {
    alsoWhen: ['notary/reserve-manual'],
  }),
  stepRoute('notary/session', screen('NotarySession'), { alsoWhen: ['notary/intro'] }),
  stepRoute('notary/error', screen('NotaryError'), { statusRouted: false }),
  // Insurance.
  stepRoute('insurance/upload', screen('InsuranceUpload')),
  stepRoute('insurance/requirements', screen('InsuranceRequirements'), { alsoWhen: ['insurance/upload'] }),
  // Valuation, payoff, flood certificate.
  stepRoute('bpo/condition', screen('BpoCondition')),
  stepRoute('bpo/order-bpo', screen('BpoOrder'), { alsoWhen: ['bpo/condition'] }),
  stepRoute('bpo/estimate-value', screen('BpoEstimateValue')),
  stepRoute('bpo/waiting', screen('BpoWaiting'), { alsoWhen: ['bpo/hold'] }),
  stepRoute('bpo/hold', screen('BpoHold')),
  stepRoute('payoff/hold', screen('PayoffHold')),
  stepRoute('error/flood-cert', screen('FloodCertError')),
  // Conditions: open whatever the status (the borrower clears items beside the flow).
  stepRoute('conditions', screen('ConditionsDashboard'), { statusRouted: false }),
  stepRoute('conditions/upload-document', screen('ConditionUploadDocument'), { statusRouted: false }),
  stepRoute('conditions/phone-number', screen('ConditionPhoneNumber'), { statusRouted: false }),
  // Funding: the COMPLETE status resolves to the app index; the screen stays open then (funded).
  stepRoute('complete', screen('CompleteScreen'), { alsoWhen: ['/'] }),
];
