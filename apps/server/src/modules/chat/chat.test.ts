/**
 * The chat through HTTP and the websocket: every spec 2 §7 chat call, the live conversation
 * service (tokens, history of 20, accept, end, attachments), the agent desk, and the fan-out of
 * events between two app instances on one database (set TEST_DATABASE_URL to run it on a real
 * PostgreSQL server: each instance then LISTENs on its own connection).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { ZChatSocketEvent, type TChatSocketEvent } from '@heloc/domain';
import { buildApp } from '../../app';
import { ManualClock } from '../../lib/clock';
import { MemoryFileStorage } from '../../storage';
import { createTestApp, testConfig, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { CHATBOT, CSP_EXTERNAL, CSP_SECURE, OMNI } from './routes';
import { DESK } from './desk-routes';

const secret = randomBytes(32).toString('hex');
const storage = new MemoryFileStorage();
// Monday 2026-01-05 09:00 Pacific: the chat is open.
const clock = new ManualClock('2026-01-05T17:00:00.000Z');
let t: TestApp;
/** A second instance on the same database: borrower and agent may sit on different instances. */
let second: FastifyInstance;
let staff: Credentials;

beforeAll(async () => {
  t = await createTestApp({ jwtSecret: secret }, { demoData: true, clock, storage });
  second = await buildApp({
    config: testConfig({ jwtSecret: secret }),
    database: t.database,
    closeDatabase: false,
    clock,
    storage,
  });
  await second.ready();
  staff = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

type Started = { token: string; conversationSid: string; omniProxyChannelId: string; skill: string };

async function startChat(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = { 'x-org-code': 'MAIN' },
): Promise<Started> {
  const res = await app.inject({
    method: 'POST',
    url: `${CSP_EXTERNAL}/twilio/initWebChat`,
    headers,
    payload: {
      friendlyName: 'Vera Visitor',
      emailAddress: 'vera@example.com',
      welcomeMessage: 'Hello, I have a question',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Started;
}

async function agentToken(app: FastifyInstance = t.app): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `${DESK}/token`, headers: staff });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

async function accept(sid: string, app: FastifyInstance = t.app) {
  return app.inject({ method: 'POST', url: `${DESK}/conversations/${sid}/accept`, headers: staff });
}

async function send(app: FastifyInstance, token: string, sid: string, body: string) {
  return app.inject({
    method: 'POST',
    url: `${OMNI}/conversations/${sid}/messages`,
    headers: { 'x-chat-token': token },
    payload: { body },
  });
}

/** Opens the websocket and collects its events from the first one on. */
async function socket(app: FastifyInstance, token: string) {
  const events: TChatSocketEvent[] = [];
  const ws: WebSocket = await app.injectWS(
    `${OMNI}/ws?token=${encodeURIComponent(token)}`,
    {},
    {
      onInit: (client) =>
        client.on('message', (data) => events.push(ZChatSocketEvent.parse(JSON.parse(String(data))))),
    },
  );
  const waitFor = async (predicate: (event: TChatSocketEvent) => boolean, what: string) => {
    for (let i = 0; i < 200; i += 1) {
      const found = events.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${what} event; got ${JSON.stringify(events)}`);
  };
  return { ws, events, waitFor };
}

function multipart(parts: { name: string; filename?: string; content: Buffer | string; type?: string }[]) {
  const boundary = `----chat${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('initWebChat and the stream variant', () => {
  it('starts a waiting conversation with the first message and a 6-hour token', async () => {
    const started = await startChat(t.app);
    expect(started).toMatchObject({
      conversationSid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      targetWorkerSid: null,
      skill: 'FHEL',
    });
    expect((started as unknown as { expiration: number }).expiration).toBe(
      clock.now().getTime() + 6 * 3600_000,
    );
    const state = await t.app.inject({
      url: `${OMNI}/conversations/${started.conversationSid}`,
      headers: { 'x-chat-token': started.token },
    });
    expect(state.json()).toMatchObject({
      status: 'WAITING',
      agentName: null,
      messages: [{ body: 'Hello, I have a question', role: 'customer', author: 'Vera Visitor', media: [] }],
      hasMore: false,
    });
  });

  it('routes by skill: White Label for partners, CLOC_HELOC for crypto visitors', async () => {
    expect((await startChat(t.app, {}, { 'x-org-code': 'PINECREST' })).skill).toBe('White Label');
    expect((await startChat(t.app, { tag: 'cloc' })).skill).toBe('CLOC_HELOC');
    const stream = await t.app.inject({
      method: 'POST',
      url: `${OMNI}/stream/init-web-chat`,
      headers: { 'x-org-code': 'MAIN' },
      payload: { friendlyName: 'Sam', welcomeMessage: 'Hi' },
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.json()).toMatchObject({
      providerUserId: expect.any(String),
      providerUserToken: expect.any(String),
    });
  });

  it('validates the pre-chat fields with the spec’s messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/initWebChat`,
      payload: { friendlyName: 'x'.repeat(129), emailAddress: 'not-an-email', welcomeMessage: 'Hi' },
    });
    expect(res.statusCode).toBe(400);
    const details = (res.json() as { details: { path: string; message: string }[] }).details;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.friendlyName', message: 'Cannot be more than 128 characters' }),
        expect.objectContaining({ path: 'body.emailAddress', message: 'Please enter a valid email address' }),
      ]),
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/initWebChat`,
      payload: { friendlyName: ' ', welcomeMessage: 'Hi' },
    });
    expect(missing.json()).toMatchObject({ details: [{ path: 'body.friendlyName', message: 'Required' }] });
  });

  it('refreshes a token, refuses a bad one with "Token state is invalid."', async () => {
    const started = await startChat(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/refreshToken`,
      payload: { token: started.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), expiration: expect.any(Number) });
    const bad = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/refreshToken`,
      payload: { token: `${started.token}x` },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ status: 401, message: 'Token state is invalid.' });
    // A sign-in token is not a chat token.
    const signInToken = staff.authorization.slice('Bearer '.length);
    const crossed = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/refreshToken`,
      payload: { token: signInToken },
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('answers the contact id of the survey link, for its own conversation only', async () => {
    const started = await startChat(t.app);
    const other = await startChat(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/web-chat-info`,
      headers: { 'x-chat-token': started.token },
      payload: { omniProxyChannelId: started.omniProxyChannelId },
    });
    expect(res.statusCode).toBe(200);
    const info = res.json() as { contactId: string; surveyUrl: string };
    expect(info.contactId).toMatch(/^\d{10}$/);
    expect(info.surveyUrl).toContain(`contactId=${info.contactId}`);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/web-chat-info`,
      headers: { 'x-chat-token': started.token },
      payload: { omniProxyChannelId: other.omniProxyChannelId },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('history, desk, messages, end', () => {
  it('answers the latest 20 messages, and older ones page by page', async () => {
    const started = await startChat(t.app);
    expect((await accept(started.conversationSid)).statusCode).toBe(200);
    for (let i = 1; i <= 24; i += 1) {
      expect((await send(t.app, started.token, started.conversationSid, `message ${i}`)).statusCode).toBe(
        201,
      );
    }
    const res = await t.app.inject({
      url: `${OMNI}/conversations/${started.conversationSid}`,
      headers: { 'x-chat-token': started.token },
    });
    const state = res.json() as {
      messages: { body: string; sid: string }[];
      hasMore: boolean;
      status: string;
    };
    expect(state.status).toBe('ACTIVE');
    expect(state.messages).toHaveLength(20);
    expect(state.messages[0]!.body).toBe('message 5');
    expect(state.messages[19]!.body).toBe('message 24');
    expect(state.hasMore).toBe(true);
    const older = await t.app.inject({
      url: `${OMNI}/conversations/${started.conversationSid}?before=${state.messages[0]!.sid}`,
      headers: { 'x-chat-token': started.token },
    });
    const page = older.json() as { messages: { body: string }[]; hasMore: boolean };
    expect(page.messages.map((m) => m.body)).toEqual([
      'Hello, I have a question',
      'message 1',
      'message 2',
      'message 3',
      'message 4',
    ]);
    expect(page.hasMore).toBe(false);
  });

  it('requires text or a file, and keeps one customer out of another’s conversation', async () => {
    const mine = await startChat(t.app);
    const theirs = await startChat(t.app);
    const empty = await send(t.app, mine.token, mine.conversationSid, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Text or a file is required' });
    expect((await send(t.app, mine.token, theirs.conversationSid, 'hi')).statusCode).toBe(404);
    const noToken = await t.app.inject({ url: `${OMNI}/conversations/${mine.conversationSid}` });
    expect(noToken.json()).toEqual({ status: 401, message: 'Token state is invalid.' });
  });

  it('lets only staff use the desk; an agent writes only after accepting; one agent per chat', async () => {
    const borrower = await registerAndSignIn(t.app);
    expect((await t.app.inject({ method: 'POST', url: `${DESK}/token`, headers: borrower })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: `${DESK}/conversations`, headers: borrower })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${DESK}/conversations` })).statusCode).toBe(401);

    const started = await startChat(t.app);
    const token = await agentToken();
    expect((await send(t.app, token, started.conversationSid, 'hello')).statusCode).toBe(403);
    const list = await t.app.inject({ url: `${DESK}/conversations`, headers: staff });
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ conversationSid: started.conversationSid, status: 'WAITING' }),
      ]),
    );
    expect((await accept(started.conversationSid)).json()).toEqual({
      conversationSid: started.conversationSid,
      agentName: 'Ops',
    });
    expect((await send(t.app, token, started.conversationSid, 'How can I help?')).statusCode).toBe(201);

    const end = await t.app.inject({
      method: 'POST',
      url: `${OMNI}/conversations/${started.conversationSid}/end`,
      headers: { 'x-chat-token': token },
    });
    expect(end.json()).toEqual({ conversationSid: started.conversationSid, status: 'ENDED' });
    expect((await send(t.app, started.token, started.conversationSid, 'still there?')).statusCode).toBe(409);
    expect((await accept(started.conversationSid)).statusCode).toBe(409);
    const refresh = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/refreshToken`,
      payload: { token: started.token },
    });
    expect(refresh.statusCode).toBe(409);
  });
});

describe('attachments', () => {
  it('stores sniffed files, refuses a renamed one, an unknown type and an oversized one', async () => {
    const started = await startChat(t.app);
    await accept(started.conversationSid);
    const post = (parts: Parameters<typeof multipart>[0]) => {
      const { payload, contentType } = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: `${OMNI}/conversations/${started.conversationSid}/messages`,
        headers: { 'x-chat-token': started.token, 'content-type': contentType },
        payload,
      });
    };
    const ok = await post([
      { name: 'body', content: 'my documents' },
      { name: 'media', filename: 'photo.png', content: PNG, type: 'image/png' },
      { name: 'media', filename: 'notes.txt', content: 'Line one\nLine two', type: 'text/plain' },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    const message = ok.json() as {
      body: string;
      media: { sid: string; filename: string; size: number; contentType: string }[];
    };
    expect(message.body).toBe('my documents');
    expect(message.media.map((m) => [m.filename, m.size, m.contentType])).toEqual([
      ['photo.png', PNG.length, 'image/png'],
      ['notes.txt', 17, 'text/plain; charset=utf-8'],
    ]);
    const download = await t.app.inject({
      url: `${OMNI}/conversations/${started.conversationSid}/media/${message.media[0]!.sid}`,
      headers: { 'x-chat-token': started.token },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);

    const fileOnly = await post([{ name: 'media', filename: 'photo.png', content: PNG }]);
    expect(fileOnly.statusCode).toBe(201);
    const renamed = await post([{ name: 'media', filename: 'invoice.pdf', content: PNG }]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({
      message: 'invoice.pdf: accepted files are jpg, png, amr, mp3, mp4, pdf and txt',
    });
    expect((await post([{ name: 'media', filename: 'run.exe', content: 'MZ\u0090\u0000' }])).statusCode).toBe(
      415,
    );
    expect(
      (await post([{ name: 'media', filename: 'data.txt', content: Buffer.from([0, 1, 2, 3]) }])).statusCode,
    ).toBe(415);
    const big = await post([
      { name: 'media', filename: 'big.txt', content: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) },
    ]);
    expect(big.statusCode).toBe(413);
  });
});

describe('the websocket across two instances', () => {
  it('carries joins, messages both ways, typing and the end between instances', async () => {
    const started = await startChat(t.app);
    const customer = await socket(t.app, started.token);
    const agent = await socket(second, await agentToken(second));
    await customer.waitFor((e) => e.type === 'ready', 'ready');
    await agent.waitFor((e) => e.type === 'ready', 'ready');

    // Accepted through the second instance: the borrower on the first sees the agent join.
    expect((await accept(started.conversationSid, second)).statusCode).toBe(200);
    expect(await customer.waitFor((e) => e.type === 'agentJoined', 'agentJoined')).toMatchObject({
      agentName: 'Ops',
    });

    const token = await agentToken(second);
    expect((await send(second, token, started.conversationSid, 'Hi Vera, Ops here.')).statusCode).toBe(201);
    expect(
      await customer.waitFor(
        (e) => e.type === 'message' && e.message.body === 'Hi Vera, Ops here.',
        'message',
      ),
    ).toMatchObject({ message: { role: 'agent', author: 'Ops' } });

    expect((await send(t.app, started.token, started.conversationSid, 'Thanks!')).statusCode).toBe(201);
    await agent.waitFor((e) => e.type === 'message' && e.message.body === 'Thanks!', 'message at the agent');

    customer.ws.send(JSON.stringify({ type: 'typing', preview: 'I was wond' }));
    expect(await agent.waitFor((e) => e.type === 'typing', 'typing')).toMatchObject({
      role: 'customer',
      preview: 'I was wond',
      conversationSid: started.conversationSid,
    });
    // The customer never receives its own typing, nor other conversations' events.
    const other = await startChat(second);
    await agent.waitFor((e) => e.type === 'queue' && e.conversationSid === other.conversationSid, 'queue');
    expect(customer.events.some((e) => e.type === 'typing' || e.type === 'queue')).toBe(false);

    await t.app.inject({
      method: 'POST',
      url: `${OMNI}/conversations/${started.conversationSid}/end`,
      headers: { 'x-chat-token': started.token },
    });
    await agent.waitFor((e) => e.type === 'ended' && e.conversationSid === started.conversationSid, 'ended');
    await customer.waitFor((e) => e.type === 'ended', 'ended at the customer');
    customer.ws.terminate();
    agent.ws.terminate();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(t.app.injectWS(`${OMNI}/ws?token=nope`)).rejects.toThrow();
  });
});

describe('borrower authentication for chat', () => {
  it('trades the sign-in for a nonce that ties the chat to the borrower’s own application', async () => {
    const borrower = await registerAndSignIn(t.app);
    const other = await registerAndSignIn(t.app);
    const auth = await t.app.inject({
      method: 'POST',
      url: `${CSP_SECURE}/webchat/authenticate`,
      headers: borrower,
    });
    expect(auth.statusCode).toBe(200);
    const { nonce } = auth.json() as { nonce: string };
    expect(
      (await t.app.inject({ method: 'POST', url: `${CSP_SECURE}/webchat/authenticate` })).statusCode,
    ).toBe(401);

    const refresh = await t.app.inject({
      method: 'PUT',
      url: `${CSP_SECURE}/webchat/refresh?nonce=${encodeURIComponent(nonce)}`,
      headers: borrower,
    });
    expect(refresh.statusCode).toBe(200);
    // Someone else's sign-in cannot refresh it.
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${CSP_SECURE}/webchat/refresh?nonce=${encodeURIComponent(nonce)}`,
      headers: other,
    });
    expect(foreign.statusCode).toBe(404);

    // A foreign application id is dropped: the desk sees the borrower's own application.
    const started = await startChat(t.app, { nonce, applicationUuid: other.applicationUuid });
    const list = (await t.app.inject({ url: `${DESK}/conversations`, headers: staff })).json() as {
      conversationSid: string;
      signedIn: boolean;
      application: { uuid: string; borrowerName: string; progressLabel: string } | null;
    }[];
    const row = list.find((c) => c.conversationSid === started.conversationSid)!;
    expect(row.signedIn).toBe(true);
    expect(row.application).toMatchObject({
      uuid: borrower.applicationUuid,
      borrowerName: 'Test Borrower',
      progressLabel: 'Basic Info',
    });
  });
});

describe('chatbot', () => {
  async function ask(message: string, extra: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url: `${CHATBOT}/chatWithAutobot`,
      headers: { 'x-org-code': 'PINECREST' },
      payload: { message, senderType: 'APPLICANT', ...extra },
    });
  }

  it('answers from the organisation’s data, keeps a history, takes feedback, expires after 10 minutes', async () => {
    const first = await ask('Which states do you lend in?');
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json() as {
      conversationId: string;
      item: { questionId: string; questionStr: string; responseStr: string };
      expiration: number;
    };
    expect(answer.item.questionStr).toBe('Which states do you lend in?');
    expect(answer.item.responseStr).toMatch(/^Pinecrest .* offers HELOCs in \d+ states?: /);
    expect(answer.expiration).toBe(clock.now().getTime() + 10 * 60_000);

    const fees = await ask('what fees do you charge', { conversationId: answer.conversationId });
    expect((fees.json() as { item: { responseStr: string } }).item.responseStr).toContain(
      'origination fee is up to',
    );

    const history = await t.app.inject({ url: `${CHATBOT}/getChatHistory/${answer.conversationId}` });
    expect((history.json() as { items: unknown[]; expired: boolean }).items).toHaveLength(2);

    const feedback = await t.app.inject({
      method: 'POST',
      url: `${CHATBOT}/setChatReplyUsedWithFeedback`,
      payload: {
        questionId: answer.item.questionId,
        conversationId: answer.conversationId,
        responseToCustomer: answer.item.responseStr,
        feedbackMessage: 'Other: I asked about Oregon',
        rating: 0,
        senderType: 'APPLICANT',
      },
    });
    expect(feedback.statusCode, feedback.body).toBe(200);
    // The dialog's rules hold on the server too (spec 2 §5): Other's text at most 140 characters, a
    // reason from the list.
    for (const [feedbackMessage, message] of [
      [`Other: ${'x'.repeat(141)}`, 'Please restrict your response to 140 characters.'],
      ['Too slow', 'Please select a reason'],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `${CHATBOT}/setChatReplyUsedWithFeedback`,
        payload: {
          questionId: answer.item.questionId,
          conversationId: answer.conversationId,
          feedbackMessage,
          rating: 0,
          senderType: 'APPLICANT',
        },
      });
      expect(refused.statusCode, feedbackMessage).toBe(400);
      expect(refused.body).toContain(message);
    }
    const longest = await t.app.inject({
      method: 'POST',
      url: `${CHATBOT}/setChatReplyUsedWithFeedback`,
      payload: {
        questionId: answer.item.questionId,
        conversationId: answer.conversationId,
        feedbackMessage: `Other: ${'x'.repeat(140)}`,
        rating: 0,
        senderType: 'APPLICANT',
      },
    });
    expect(longest.statusCode, longest.body).toBe(200);
    const wrongConversation = await t.app.inject({
      method: 'POST',
      url: `${CHATBOT}/setChatReplyUsedWithFeedback`,
      payload: {
        questionId: answer.item.questionId,
        conversationId: '00000000-0000-4000-8000-000000000000',
        feedbackMessage: 'Answer too vague',
        rating: 0,
        senderType: 'APPLICANT',
      },
    });
    expect(wrongConversation.statusCode).toBe(404);

    // Nine minutes later a question extends the session; eleven minutes after that it has expired.
    clock.advance(9 * 60_000);
    expect((await ask('hours?', { conversationId: answer.conversationId })).statusCode).toBe(200);
    clock.advance(11 * 60_000);
    const expired = await ask('are you there?', { conversationId: answer.conversationId });
    expect(expired.statusCode).toBe(409);
    const after = await t.app.inject({ url: `${CHATBOT}/getChatHistory/${answer.conversationId}` });
    expect((after.json() as { expired: boolean }).expired).toBe(true);
    clock.set('2026-01-05T17:00:00.000Z');
  });

  it('says when it cannot answer: phone and e-mail after hours, a live agent when open', async () => {
    clock.set('2026-01-06T10:00:00.000Z'); // Tuesday 02:00 Pacific: closed
    const closed = (await ask('can you recommend a plumber in Boise')).json() as {
      item: { responseStr: string };
      offerLiveAgent: boolean;
    };
    expect(closed.offerLiveAgent).toBe(false);
    expect(closed.item.responseStr).toMatch(/don’t have an answer.*call us at \(\d{3}\) \d{3}-\d{4}/);
    clock.set('2026-01-05T17:00:00.000Z');
    const open = (await ask('can you recommend a plumber in Boise')).json() as { offerLiveAgent: boolean };
    expect(open.offerLiveAgent).toBe(true);
  });

  it('answers about the signed-in borrower’s own application through the nonce', async () => {
    const borrower = await registerAndSignIn(t.app);
    const { nonce } = (
      await t.app.inject({ method: 'POST', url: `${CSP_SECURE}/webchat/authenticate`, headers: borrower })
    ).json() as { nonce: string };
    const signedIn = (
      await ask('what step am I on?', { nonce, applicationId: borrower.applicationUuid })
    ).json() as {
      item: { responseStr: string };
    };
    expect(signedIn.item.responseStr).toMatch(/^Application \d+ is at the step "Basic Info"\.$/);
    const next = (await ask('what do you still need from me', { nonce })).json() as {
      item: { responseStr: string };
    };
    expect(next.item.responseStr).toMatch(/^Next, finish your basic information/);
    const visitor = (await ask('what step am I on?')).json() as { item: { responseStr: string } };
    expect(visitor.item.responseStr).toMatch(/^Please sign in/);
  });

  it('is gated by fe-webchat', async () => {
    const { schema } = await import('../../db');
    await t.database.db
      .insert(schema.featureFlags)
      .values({ key: 'fe-webchat', orgCode: 'LANTERN', enabled: false });
    const res = await t.app.inject({
      method: 'POST',
      url: `${CHATBOT}/chatWithAutobot`,
      headers: { 'x-org-code': 'LANTERN' },
      payload: { message: 'hi', senderType: 'APPLICANT' },
    });
    expect(res.statusCode).toBe(404);
    const live = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/initWebChat`,
      headers: { 'x-org-code': 'LANTERN' },
      payload: { friendlyName: 'A', welcomeMessage: 'hi' },
    });
    expect(live.statusCode).toBe(404);
  });
});
