/** CEO feedback through HTTP: validation messages, ownership, storage, the staff-only listing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEO_FEEDBACK_TOPICS, VALIDATION_MESSAGES } from '@heloc/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';

let t: TestApp;
let borrower: Awaited<ReturnType<typeof registerAndSignIn>>;
let staff: Credentials;
let mainAdmin: Credentials;
beforeAll(async () => {
  t = await createTestApp({}, { demoData: true });
  borrower = await registerAndSignIn(t.app, 'PINECREST');
  // Platform staff read every organisation's feedback; an organisation's admin only their own.
  staff = await signIn(t.app, 'admin@heloc.test', 'Ops-password-1');
  mainAdmin = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
});
afterAll(async () => t.close());

const URL = '/service-profile/api/v1/feedback/ceo';
const body = (overrides: Record<string, unknown> = {}) => ({
  applicationUuid: borrower.applicationUuid,
  message: 'Quick and friendly, thank you!',
  topic: 'Give us a compliment',
  marketingConsent: true,
  pathname: `/account/heloc/${borrower.applicationUuid}`,
  productType: 'HELOC',
  ...overrides,
});
const send = (payload: unknown, headers: Credentials | Record<string, string> = borrower) =>
  t.app.inject({ method: 'POST', url: URL, payload: payload as object, headers: { ...headers } });
const list = (query = '', headers: Credentials | Record<string, string> = staff) =>
  t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: { ...headers } });

const messages = (res: { json(): unknown }) =>
  Object.fromEntries(
    ((res.json() as { details: { path: string; message: string }[] }).details ?? []).map((d) => [
      d.path,
      d.message,
    ]),
  );

describe('POST /service-profile/api/v1/feedback/ceo', () => {
  it('stores the message and answers its id', async () => {
    const res = await send(body());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ uuid: expect.any(String), createdAt: expect.any(String) });
  });

  it('accepts feedback sent outside an application', async () => {
    const res = await send(
      body({
        applicationUuid: null,
        pathname: '/dashboard',
        topic: 'Improve our product',
        message: 'Could be faster on mobile.',
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no topic', { topic: undefined }, { 'body.topic': VALIDATION_MESSAGES.required }],
    ['unknown topic', { topic: 'Complain' }, { 'body.topic': VALIDATION_MESSAGES.required }],
    ['no message', { message: undefined }, { 'body.message': VALIDATION_MESSAGES.required }],
    ['blank message', { message: '   ' }, { 'body.message': VALIDATION_MESSAGES.required }],
    ['9 characters', { message: 'a'.repeat(9) }, { 'body.message': 'Must be at least 10 characters' }],
    ['1001 characters', { message: 'a'.repeat(1001) }, { 'body.message': 'Must be at most 1000 characters' }],
    [
      'no consent',
      { marketingConsent: undefined },
      { 'body.marketingConsent': VALIDATION_MESSAGES.required },
    ],
    [
      'consent as text',
      { marketingConsent: 'yes' },
      { 'body.marketingConsent': VALIDATION_MESSAGES.required },
    ],
  ])('refuses %s with the spec message', async (_name, overrides, expected) => {
    const res = await send(body(overrides));
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toMatchObject(expected);
  });

  it('takes exactly 10 and exactly 1000 characters, both topics', async () => {
    for (const [message, topic] of [
      ['a'.repeat(10), CEO_FEEDBACK_TOPICS[0]],
      ['b'.repeat(1000), CEO_FEEDBACK_TOPICS[1]],
    ] as const) {
      expect((await send(body({ message, topic }))).statusCode).toBe(201);
    }
  });

  it('refuses a product other than HELOC', async () => {
    expect((await send(body({ productType: 'AUTO' }))).statusCode).toBe(400);
  });

  it('needs a signed-in borrower, and answers 404 for someone else’s application', async () => {
    expect((await send(body(), {})).statusCode).toBe(401);
    const other = await registerAndSignIn(t.app);
    const res = await send(body({ applicationUuid: other.applicationUuid }));
    expect(res.statusCode).toBe(404);
    expect((await send(body({ applicationUuid: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(
      404,
    );
  });
});

describe('GET /service-profile/api/v1/feedback/ceo (staff)', () => {
  it('lists the feedback newest first, with the sender and where it came from', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as { items: Record<string, unknown>[] };
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.find((i) => i.message === 'Quick and friendly, thank you!')).toMatchObject({
      identityUuid: borrower.identityUuid,
      email: borrower.email,
      orgCode: 'PINECREST',
      applicationUuid: borrower.applicationUuid,
      topic: 'Give us a compliment',
      marketingConsent: true,
      pathname: `/account/heloc/${borrower.applicationUuid}`,
      productType: 'HELOC',
    });
    const times = items.map((i) => Date.parse(i.createdAt as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by organisation and topic, and pages with nextBefore', async () => {
    const improve = (await list('?topic=Improve%20our%20product')).json() as { items: { topic: string }[] };
    expect(improve.items.length).toBeGreaterThan(0);
    expect(improve.items.every((i) => i.topic === 'Improve our product')).toBe(true);
    expect(((await list('?orgCode=MAIN')).json() as { items: unknown[] }).items).toHaveLength(0);
    expect(((await list('?orgCode=pinecrest')).json() as { items: unknown[] }).items.length).toBeGreaterThan(
      0,
    );

    const first = (await list('?limit=2')).json() as { items: { uuid: string }[]; nextBefore: string | null };
    expect(first.items).toHaveLength(2);
    expect(first.nextBefore).not.toBeNull();
    const all = (await list()).json() as { items: { uuid: string }[] };
    const next = (await list(`?limit=100&before=${encodeURIComponent(first.nextBefore!)}`)).json() as {
      items: { uuid: string }[];
      nextBefore: string | null;
    };
    expect(next.nextBefore).toBeNull();
    expect(next.items.map((i) => i.uuid)).not.toContain(first.items[0]!.uuid);
    expect(next.items.length).toBeLessThanOrEqual(all.items.length - 2);
  });

  it('shows an organisation’s admin their own organisation only (another one answers 404)', async () => {
    const own = (await list('', mainAdmin)).json() as { items: { orgCode: string }[] };
    expect(own.items.every((i) => i.orgCode === 'MAIN')).toBe(true);
    expect((await list('?orgCode=PINECREST', mainAdmin)).statusCode).toBe(404);
    expect((await list('?orgCode=MAIN', mainAdmin)).statusCode).toBe(200);
  });

  it('is for staff only: 401 without a token, 403 for a borrower', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    const res = await list('', borrower);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: 'Staff only' });
  });

  it('refuses bad paging input', async () => {
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?before=yesterday')).statusCode).toBe(400);
  });
});
