/**
 * The web chat in the browser against the real server: a visitor with the chatbot after hours (and
 * the Bad Response dialog), a borrower with a live agent while a second browser context is the agent
 * on the desk (messages both ways, an attachment, the end, the survey), the pre-chat validation
 * messages, session restore after a reload, and axe on the widget and the desk. "Open" and
 * "closed" come from operating-hours data set through the staff hours call, never a test branch.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { moveClock, registerBorrower } from './closing-api';
import { expectNoAxeViolations } from './fixtures';

const STAFF = { email: 'ops@heloc.test', password: 'Ops-password-1' };
/** Platform staff set any organisation's hours (an organisation's staff only their own). */
const PLATFORM_ADMIN = { email: 'admin@heloc.test', password: 'Ops-password-1' };
const DEMO = { email: 'demo@heloc.test', password: 'Demo-password-1' };

/** Sets an organisation's chat hours for the whole week: always open, or closed every day. */
async function setChatHours(request: APIRequestContext, orgCode: string, open: boolean): Promise<void> {
  const login = await request.post('/identity/api/v1/login', { data: PLATFORM_ADMIN });
  expect(login.ok()).toBe(true);
  const { jwt } = (await login.json()) as { jwt: string };
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) =>
    open
      ? { weekdayValue, isOpen: true, startTime: '00:00', endTime: '23:59:59' }
      : { weekdayValue, isOpen: false, startTime: null, endTime: null },
  );
  const res = await request.put('/service-operating-hours/secure/api/v1/hours/OPS_CHAT', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { orgCode, days },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const chatWindow = (page: Page) => page.getByRole('dialog', { name: 'Chat with us' });

async function send(page: Page, text: string): Promise<void> {
  const box = chatWindow(page).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('a visitor chats with the bot after hours, rates a bad answer, and finds the chat again after a reload', async ({
  page,
  request,
}) => {
  await setChatHours(request, 'PINECREST', false);
  await page.goto('/account/heloc/register?org=PINECREST&pop-webchat=true');
  await expect(chatWindow(page)).toBeVisible();
  // pop-webchat opens the chat, then leaves the URL.
  await expect(page).not.toHaveURL(/pop-webchat/);
  // No ?mode=: the channel is not named, even with dev features on (only a forced mode is).
  await expect(chatWindow(page).getByRole('heading', { name: 'Chat with us' })).toBeVisible();
  await expect(chatWindow(page).getByTestId('chat-mode-label')).toHaveCount(0);

  await send(page, 'What fees do you charge?');
  const log = chatWindow(page).getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('The origination fee is up to');
  // Shift+Enter is a newline, not a send.
  const box = chatWindow(page).getByRole('textbox', { name: 'Message' });
  await box.fill('line one');
  await box.press('Shift+Enter');
  await expect(box).toHaveValue('line one\n');
  await box.fill('');
  await expectNoAxeViolations(page);

  // The Bad Response dialog: a reason is required; Other reveals a field of at most 140 characters.
  const badResponse = chatWindow(page).getByRole('button', { name: 'Bad Response' });
  await badResponse.click();
  const dialog = page.getByRole('dialog', { name: 'Tell us more' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText('Please select a reason');
  await expect(dialog.getByLabel('Additional information')).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByLabel('Additional information').fill('x'.repeat(141));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText('Please restrict your response to 140 characters.');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Additional information').fill('I wanted the fees for Oregon');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  // Disabled after use until new messages arrive.
  await expect(badResponse).toBeDisabled();
  await send(page, 'Which states do you lend in?');
  await expect(log).toContainText('offers HELOCs in');
  await expect(chatWindow(page).getByRole('button', { name: 'Bad Response' })).toBeEnabled();

  // An unanswerable question after hours: phone and e-mail, no live agent.
  await send(page, 'Can you recommend a good plumber?');
  await expect(log).toContainText('I’m sorry, I don’t have an answer to that. Please call us at');
  await expect(chatWindow(page).getByRole('button', { name: 'Chat with a live agent' })).toHaveCount(0);

  // Reload: the open flag reopens the window and the chatbot session is restored.
  await page.reload();
  await expect(chatWindow(page)).toBeVisible();
  await expect(chatWindow(page).getByRole('log', { name: 'Messages' })).toContainText(
    'Which states do you lend in?',
  );

  // A mode a developer forces with ?mode= (dev features on) is named in the header.
  await page.goto('/account/heloc/register?org=PINECREST&mode=chatbot');
  await expect(chatWindow(page).getByTestId('chat-mode-label')).toHaveText('Mode: chatbot');

  // Escape collapses the window.
  await chatWindow(page).getByRole('textbox', { name: 'Message' }).press('Escape');
  await expect(chatWindow(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
});

test('a borrower chats with an agent on the desk: messages both ways, an attachment, the end and the survey', async ({
  page,
  browser,
  request,
}) => {
  await setChatHours(request, 'MAIN', true);

  // The borrower signs in and opens the chat.
  await page.goto('/auth/login?org=MAIN');
  await page.getByRole('main').getByLabel('Email').fill(DEMO.email);
  await page
    .getByRole('main')
    .getByLabel(/^Password/)
    .fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const chat = chatWindow(page);
  await expect(chat.getByRole('button', { name: 'Start chat' })).toBeVisible();

  // Pre-chat validation messages.
  await chat.getByRole('button', { name: 'Start chat' }).click();
  await expect(chat.getByLabel('Name')).toHaveAccessibleDescription('Required');
  await chat.getByLabel('Name').fill('D'.repeat(129));
  await chat.getByLabel('Email').fill('not-an-email');
  await chat.getByRole('button', { name: 'Start chat' }).click();
  await expect(chat).toContainText('Cannot be more than 128 characters');
  await expect(chat).toContainText('Please enter a valid email address');
  await expectNoAxeViolations(page);

  await chat.getByLabel('Name').fill('Dana Demo');
  await chat.getByLabel('Email').fill('demo@heloc.test');
  await chat.getByLabel('How can we help?').fill('Can I raise my line later?');
  await chat.getByRole('button', { name: 'Start chat' }).click();
  await expect(chat.getByTestId('chat-waiting')).toContainText('Waiting for next available agent');

  // The agent, in a second browser context, signs in to the desk and accepts the chat.
  const agentContext = await browser.newContext();
  const desk = await agentContext.newPage();
  await desk.goto('/ops/');
  await desk.getByLabel('Email').fill(STAFF.email);
  await desk.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await desk.getByRole('button', { name: 'Sign in' }).click();
  const entry = desk.getByTestId('desk-conversation').filter({ hasText: 'Dana Demo' }).last();
  await expect(entry).toContainText('Waiting');
  await expect(entry).toContainText('Loan ');
  await entry.click();
  await expect(desk.getByTestId('desk-application')).toContainText('Dana Demo');
  await expect(desk.getByRole('log', { name: 'Messages' })).toContainText('Can I raise my line later?');
  await expectNoAxeViolations(desk);
  await desk.getByRole('button', { name: 'Accept' }).click();

  await expect(chat).toContainText('Ops joined the chat');
  await expect(chat.getByTestId('chat-waiting')).toHaveCount(0);

  // Agent → borrower.
  await desk.getByLabel('Reply').fill('Hi Dana, yes you can. Details: https://harborline.example/draws');
  await desk.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('Hi Dana, yes you can.');
  // Allow-listed hosts are links.
  await expect(chat.getByRole('link', { name: 'https://harborline.example/draws' })).toBeVisible();

  // Borrower → agent, with an attachment.
  await chat.getByTestId('chat-file-input').setInputFiles({
    name: 'statement.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('My statement\n'),
  });
  await expect(chat).toContainText('statement.txt (13 bytes)');
  await send(page, 'Thanks! Here is my statement.');
  await expect(desk.getByRole('log', { name: 'Messages' })).toContainText('Thanks! Here is my statement.');
  await expect(desk.getByRole('button', { name: /statement\.txt/ })).toBeVisible();
  // Both download it with their chat token (one download code for the desk and the widget, in the domain).
  for (const [where, button] of [
    [desk, desk.getByRole('button', { name: /statement\.txt/ })],
    [page, chat.getByRole('log').getByRole('button', { name: /statement\.txt/ })],
  ] as const) {
    const [download] = await Promise.all([where.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('statement.txt');
    expect(await readFile((await download.path())!, 'utf8')).toBe('My statement\n');
  }

  // Session restore: the borrower reloads and the conversation is back.
  await page.reload();
  await expect(chatWindow(page).getByRole('log')).toContainText('Hi Dana, yes you can.');
  await expectNoAxeViolations(page);

  // The agent ends the chat: the borrower gets the end panel with the survey.
  await desk.getByRole('button', { name: 'End chat' }).click();
  await expect(desk.getByText('This chat has ended.')).toBeVisible();
  const endPanel = chatWindow(page).getByTestId('chat-end-panel');
  await expect(endPanel.getByRole('button', { name: 'Start new chat' })).toBeVisible();
  // The survey is another site (CHAT_SURVEY_URL); the browser test answers it locally.
  await page
    .context()
    .route('https://survey.heloc.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Survey</title>' }),
    );
  const popup = page.waitForEvent('popup');
  await endPanel.getByRole('button', { name: 'Take the survey' }).click();
  expect((await popup).url()).toMatch(/contactId=\d{10}/);

  await endPanel.getByRole('button', { name: 'Start new chat' }).click();
  await expect(chatWindow(page).getByRole('button', { name: 'Start chat' })).toBeVisible();
  await agentContext.close();
});

test('a live chat renews its token before the 6 hours; once it ran out the chat ends, transcript kept, the borrower still signed in', async ({
  page,
  request,
  baseURL,
}) => {
  await setChatHours(request, 'MAIN', true);
  // The page's own clock, so the renewal timer (10 minutes before the token's end) can be reached.
  await page.clock.install();
  const borrower = await registerBorrower(page);
  await page.goto('/dashboard?org=MAIN');
  await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const chat = chatWindow(page);
  await chat.getByLabel('Name').fill('Ann Example');
  await chat.getByLabel('How can we help?').fill('Is my draw period ten years?');
  await chat.getByRole('button', { name: 'Start chat' }).click();
  await expect(chat.getByTestId('chat-waiting')).toContainText('Waiting for next available agent');
  await send(page, 'Still there?');
  await expect(chat.getByRole('log')).toContainText('Still there?');

  // Renewal: 5 h 51 min later in the page, the refreshToken call renews the token (stored with its
  // new expiration; issued within the same second it may be the same string).
  const storedSession = () =>
    page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('heloc_chat_session') ?? '{}') as {
          token?: string;
          expiration?: number;
        },
    );
  const before = await storedSession();
  expect(before.token).toBeTruthy();
  const renewal = page.waitForResponse((response) => response.url().endsWith('/twilio/refreshToken'));
  await page.clock.fastForward('05:51:00');
  const renewed = await renewal;
  expect(renewed.status()).toBe(200);
  const fresh = (await renewed.json()) as { token: string; expiration: number };
  await expect.poll(async () => (await storedSession()).token).toBe(fresh.token);
  expect(fresh.expiration).toBeGreaterThanOrEqual(before.expiration!);

  // The token runs out on the server (6 hours and more later): the next message is refused with 401
  // "Token state is invalid.", renewal fails too, and the chat ends instead of signing the borrower out.
  // The page's clock stands still from here, so the message (not the next renewal timer) meets it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await moveClock(baseURL!, { advanceMs: 6 * 60 * 60_000 + 60_000 });
  await send(page, 'Hello again');
  const endPanel = chat.getByTestId('chat-end-panel');
  await expect(endPanel.getByRole('button', { name: 'Start new chat' })).toBeVisible();
  await expect(chat.getByTestId('chat-alert')).toHaveText('Token state is invalid.');
  await expect(chat.getByRole('log')).toContainText('Still there?');
  await expect(endPanel.getByRole('button', { name: 'Take the survey' })).toHaveCount(0);
  await expect(page).toHaveURL('/dashboard?org=MAIN');
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBe(`Bearer ${borrower.jwt}`);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();

  await endPanel.getByRole('button', { name: 'Start new chat' }).click();
  await expect(chat.getByRole('button', { name: 'Start chat' })).toBeVisible();
});
