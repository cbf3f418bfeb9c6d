/**
 * The pages of a reminder's unsubscribe link, in the borrower's organisation's brand (its logo, colour
 * bar and button, the footer the borrower site shows): confirm, unsubscribed (with "Subscribe again"),
 * and subscribed again (with the way back out). No script: each is one form that posts. Every text
 * from the organisation is escaped, and the token goes back through encodeURIComponent, so nothing
 * can break out of an attribute.
 */
import { buildFooterModel, DASHBOARD_PATH, type TOrgData } from '@heloc/domain';
import { escapeHtml } from '../../lib/escape-html';
import { BRAND_LOGO_PATH } from '../../mail/brand-logo';
import { buttonColours } from '../../mail/templates/borrower/layout';
import { RESUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from './unsubscribe-token';

export type UnsubscribeState = 'confirm' | 'done' | 'resubscribed';

const TITLES: Record<UnsubscribeState, string> = {
  confirm: 'Unsubscribe from reminders?',
  done: 'You are unsubscribed',
  resubscribed: 'You will receive reminders again',
};

export function unsubscribePage(org: TOrgData, state: UnsubscribeState, token: string): string {
  const { primary, secondary } = org.orgBrand.colors;
  const button = buttonColours(org);
  const footer = buildFooterModel(org);
  const brand = escapeHtml(org.orgBrand.name);
  const query = `?token=${encodeURIComponent(token)}`;
  const form = (path: string, label: string, hidden = '') =>
    `<form method="post" action="${path}${query}">${hidden}<button type="submit" class="button">${label}</button></form>`;
  const settings = `<p>You can also turn reminders on or off in your account’s <a href="${DASHBOARD_PATH}/settings">settings</a>.</p>`;
  const body = {
    confirm: `<p>${brand} sends a few reminders when an application is left unfinished: at most three, never at night.</p>
<p>E-mails about your application itself (offers, documents, decisions) still arrive whatever you choose.</p>
${form(UNSUBSCRIBE_PATH, 'Unsubscribe from reminders', '<input type="hidden" name="List-Unsubscribe" value="One-Click">')}`,
    done: `<p role="status">You will receive no more reminders about unfinished applications from ${brand}.</p>
<p>E-mails about your application itself (offers, documents, decisions) still arrive.</p>
<p>Changed your mind?</p>
${form(RESUBSCRIBE_PATH, 'Subscribe again')}
${settings}`,
    resubscribed: `<p role="status">Reminders about unfinished applications from ${brand} are on again.</p>
${form(UNSUBSCRIBE_PATH, 'Unsubscribe from reminders', '<input type="hidden" name="List-Unsubscribe" value="One-Click">')}
${settings}`,
  }[state];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLES[state]} · ${brand}</title>
<style>
body { margin: 0; background: #f4f5f7; color: #1f2933; font: 16px/1.5 Arial, Helvetica, sans-serif; }
.page { max-width: 40rem; margin: 0 auto; background: #ffffff; min-height: 100vh; }
header { border-top: 6px solid ${primary}; padding: 1.5rem 2rem 0.5rem; }
main { padding: 0.5rem 2rem 1.5rem; }
h1 { color: ${secondary}; font-size: 1.5rem; line-height: 2rem; }
a { color: ${secondary}; }
.button { background: ${button.background}; color: ${button.color}; border: 0; border-radius: 6px;
  font: 700 1rem/1.5 Arial, Helvetica, sans-serif; padding: 0.75rem 1.5rem; cursor: pointer; }
.button:focus-visible { outline: 3px solid ${secondary}; outline-offset: 2px; }
footer { background: #f9fafb; border-top: 1px solid #e4e7eb; padding: 1rem 2rem 1.5rem; color: #52606d; font-size: 0.8125rem; }
footer a { color: #52606d; }
</style></head>
<body><div class="page">
<header><img src="${BRAND_LOGO_PATH(org.orgCode)}" alt="${brand}" width="240" height="48"></header>
<main>
<h1>${TITLES[state]}</h1>
${body}
</main>
<footer>
<p>${escapeHtml(footer.companyName)} · ${escapeHtml(footer.address)}</p>
<p><a href="${escapeHtml(footer.nmls.href)}">${escapeHtml(footer.nmls.label)}</a> · ${escapeHtml(footer.customerService.phone.label)} · ${escapeHtml(footer.customerService.email.label)}</p>
</footer>
</div></body></html>`;
}
