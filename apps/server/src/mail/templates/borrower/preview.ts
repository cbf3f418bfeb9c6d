/**
 * Sample facts for the outbox viewer's template preview: every template rendered for any
 * organisation without an application behind it (a fixed, obviously fictional borrower). The logo's
 * address is relative here: the console's preview frame loads it from the console's own server (the
 * organisation's site is not reachable from every desk); a sent e-mail's is absolute (jobs.ts).
 */
import {
  applicationStepPath,
  BORROWER_MAIL_LINKS,
  ROUTER_BASE_PATH,
  type TBorrowerMailKind,
  type TOrgData,
} from '@heloc/domain';
import { brandLogoUrl } from '../../brand-logo';
import { renderBorrowerMail, type RenderedMail } from '.';

export const PREVIEW_APPLICATION_UUID = '00000000-0000-4000-8000-000000000000';

export async function previewBorrowerMail(kind: TBorrowerMailKind, org: TOrgData): Promise<RenderedMail> {
  const base = org.baseUrl.replace(/\/+$/, '');
  const screen = kind === 'REMINDER' ? 'start/hmda' : BORROWER_MAIL_LINKS[kind];
  const path =
    screen === '/' ? `${ROUTER_BASE_PATH}/` : applicationStepPath(PREVIEW_APPLICATION_UUID, screen);
  return renderBorrowerMail(kind, {
    org,
    firstName: 'Dana',
    link: `${base}${path}`,
    logoLink: brandLogoUrl('', org),
    ...(kind === 'REMINDER' && { unsubscribeLink: `${base}/identity/api/v1/mail/unsubscribe?token=preview` }),
    facts: {
      rescissionDeadline: '2026-12-03',
      appointmentStartsAt: '2026-12-01T18:00:00.000Z',
      timeZone: 'America/Los_Angeles',
      amountCents: 5_000_000,
      step: 'HMDA',
      reminderNumber: 1,
    },
  });
}
