/**
 * Webhooks in the lender console, in the browser against the real server: MAIN's admin subscribes a
 * receiver on loopback (127.0.0.1:3132, started by this test) to application.created, using the
 * keyboard; the signing secret is shown once; a borrower registers, the receiver gets a signed event
 * and the console shows the delivery with its response code; Replay sends the same event again.
 * Axe on the list and the subscription screen.
 */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { WEBHOOK_HEADERS, verifyWebhookSignature } from '@heloc/domain';
import { registerOverHttp } from './driver';
import { expectNoAxeViolations } from './fixtures';

const RECEIVER_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 3132);

type Received = { headers: http.IncomingHttpHeaders; body: string };

test('an admin subscribes a receiver, sees a signed delivery and replays it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  try {
    await page.goto('/ops/');
    await page.getByLabel('Email').fill('ops@heloc.test');
    await page.getByLabel('Password', { exact: true }).fill('Ops-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Webhooks' })
      .click();
    await expect(page).toHaveURL(/\/ops\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks of MAIN' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The form by keyboard: type, Tab between fields, Space toggles a checkbox, Enter submits.
    const endpoint = `http://127.0.0.1:${RECEIVER_PORT}/hooks/${Date.now()}`;
    await page.getByLabel('Endpoint URL').focus();
    await page.keyboard.type(endpoint);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Browser test CRM');
    await page.getByRole('checkbox', { name: 'step.changed' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'application.created' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'application.created' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'step.changed' })).not.toBeChecked();
    await page.getByLabel('Description').focus();
    await page.keyboard.press('Enter');
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByRole('row').filter({ hasText: endpoint });
    await expect(row).toContainText('Active');
    await expectNoAxeViolations(page);

    // A borrower of MAIN registers (in their own context: the staff page keeps its cookies).
    const { applicationUuid } = await registerOverHttp(request, {
      name: { firstName: 'Web', lastName: 'Hook' },
      email: `webhook-${Date.now()}@heloc.test`,
    });
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const first = received[0]!;
    const event = JSON.parse(first.body) as { id: string; type: string; data: { applicationUuid: string } };
    expect(event).toMatchObject({ type: 'application.created', data: { applicationUuid } });
    expect(
      await verifyWebhookSignature({
        secret,
        body: first.body,
        timestamp: first.headers[WEBHOOK_HEADERS.timestamp] as string,
        signature: first.headers[WEBHOOK_HEADERS.signature] as string,
        nowSeconds: Math.floor(Date.now() / 1000),
      }),
    ).toBeNull();

    // The subscription's deliveries: delivered, 202, then replayed by keyboard.
    await row.getByRole('link', { name: endpoint }).click();
    const delivery = page.getByTestId('webhook-delivery');
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText('DELIVERED');
    await expect(delivery.getByRole('list', { name: 'Attempts' })).toContainText('202');
    await expectNoAxeViolations(page);
    await delivery.getByRole('button', { name: /^Replay application\.created/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Delivery queued again.' })).toBeVisible();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.headers[WEBHOOK_HEADERS.id]).toBe(event.id);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(delivery.getByRole('list', { name: 'Attempts' }).getByRole('listitem')).toHaveCount(2);
    await expect(delivery.getByRole('list', { name: 'Attempts' })).toContainText('replay');
    await expect(delivery).toContainText('DELIVERED');
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
