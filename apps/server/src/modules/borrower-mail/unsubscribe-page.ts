/**
 * The unsubscribe link's two small pages (no script: a form posts the confirmation). The token goes
 * back through encodeURIComponent, so it cannot break out of the attribute.
 */
import { UNSUBSCRIBE_PATH } from './unsubscribe-token';

export function unsubscribePage(state: 'confirm' | 'done', token: string): string {
  const body =
    state === 'confirm'
      ? `<h1>Unsubscribe from reminders?</h1>
<p>We send a few reminders when an application is left unfinished. E-mails about your application itself (offers, documents, decisions) still arrive.</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe from reminders</button>
</form>`
      : `<h1>You are unsubscribed</h1>
<p>You will receive no more reminders about unfinished applications.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${state === 'confirm' ? 'Unsubscribe from reminders' : 'Unsubscribed'}</title></head>
<body style="font-family: Arial, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem;">
<main>${body}</main>
</body></html>`;
}
