/**
 * The edge rules for input, one example each (the fuzz suite, src/fuzz.test.ts, covers every write
 * route at random): NUL and unpaired surrogates in any JSON, query or path text; JSON nesting and
 * size; malformed multipart on an upload route and on the chat message route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TEXT_NUL_MESSAGE, TEXT_SURROGATE_MESSAGE } from '@heloc/domain';
import { createTestApp, type TestApp } from '../test/app';
import { registerAndSignIn, registrationBody } from '../test/auth';
import { multipartBody } from '../uploads';
import { CSP_EXTERNAL, OMNI } from '../modules/chat/routes';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ bodyLimitBytes: 64 * 1024 });
});
afterAll(async () => {
  await t.close();
});

const register = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/identity/api/v1/registration/register',
    headers: { 'x-org-code': 'MAIN', 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function telemetrySession() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ft/heloc/session',
    payload: { platform: 'web', libVersion: '1.0.0' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessionKey: { uuid: string; epoch: number; trackerUuid: string } }).sessionKey;
}

describe('text fields', () => {
  it.each([
    ['a NUL byte', 'Dana\u0000', TEXT_NUL_MESSAGE],
    ['a lone high surrogate', 'Dana\ud800', TEXT_SURROGATE_MESSAGE],
    ['a lone low surrogate', '\udc00Dana', TEXT_SURROGATE_MESSAGE],
  ])('%s in a body field answers 400 naming the field', async (_what, firstName, message) => {
    const res = await register(registrationBody({ name: { firstName, lastName: 'Demo' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: `Invalid request: body.name.firstName: ${message}`,
      details: [{ path: 'body.name.firstName', message }],
    });
  });

  it('the same text without the bad character is accepted (emoji pairs included)', async () => {
    const res = await register(registrationBody({ name: { firstName: 'Dana 😀', lastName: 'Demo' } }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a NUL in a field name, a path parameter or the query string answers 400', async () => {
    const key = await register({ ...registrationBody(), ['x\u0000']: 1 });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe(`Invalid request: body (a field name): ${TEXT_NUL_MESSAGE}`);

    const path = await t.app.inject({
      method: 'POST',
      url: '/service-optimize/a%00b/api/v1/feature',
      payload: {},
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toBe(`Invalid request: params.context: ${TEXT_NUL_MESSAGE}`);

    const query = await t.app.inject({
      method: 'GET',
      url: '/service-application/external/api/v1/heloc/state-licenses?orgCode=MAIN%00',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe(`Invalid request: query.orgCode: ${TEXT_NUL_MESSAGE}`);
  });

  it('a NUL inside telemetry properties (stored as jsonb) answers 400 instead of reaching the queue', async () => {
    const sessionKey = await telemetrySession();
    const res = await t.app.inject({
      method: 'POST',
      url: '/ft/heloc/event',
      payload: {
        sessionKey,
        event: 'HELOC: Page View',
        eventType: 'PAGE_VIEW',
        domain: 'heloc.test',
        pagePath: '/',
        queryParams: {},
        eventProperties: { note: 'a\u0000b' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Invalid request: body.eventProperties.note: ${TEXT_NUL_MESSAGE}`);
  });
});

describe('JSON shape and size', () => {
  it(`telemetry properties nested 5,000 deep answer 400 (deeper than ${MAX_JSON_DEPTH} levels)`, async () => {
    const sessionKey = await telemetrySession();
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ft/heloc/event',
      headers: { 'content-type': 'application/json' },
      payload: `{"sessionKey":${JSON.stringify(sessionKey)},"event":"HELOC: Page View","eventType":"PAGE_VIEW","domain":"heloc.test","pagePath":"/","queryParams":{},"eventProperties":{"x":${deep}}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` });
  });

  it('nesting up to the limit is parsed as usual (then validated by the route)', async () => {
    const nested = '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ft/heloc/session',
      headers: { 'content-type': 'application/json' },
      payload: `{"platform":"web","libVersion":"1.0.0","queryParams":${nested}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid request: body.queryParams/);
  });

  it('a body over BODY_LIMIT_BYTES answers 413, malformed JSON 400', async () => {
    const big = await register({ ...registrationBody(), filler: 'x'.repeat(70 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: 413, message: 'Request body is too large' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/registration/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('multipart bodies', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  it('an upload route answers 400 to a truncated body, a missing boundary and a NUL in a field', async () => {
    const borrower = await registerAndSignIn(t.app);
    const url = `/service-application/api/v1/application/heloc/${borrower.applicationUuid}/identity`;
    const good = multipartBody(
      { bytes: png, fileName: 'id.png', contentType: 'image/png' },
      { idType: 'DRIVERS_LICENSE' },
    );
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: borrower.authorization,
          cookie: borrower.cookie,
          'content-type': contentType,
        },
        payload,
      });

    const truncated = await send(
      good.payload.subarray(0, good.payload.length - 60),
      good.headers['content-type'],
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe('Malformed multipart body');

    const noBoundary = await send(good.payload, 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);

    const nul = multipartBody({ bytes: png, fileName: 'id.png' }, { idType: 'DRIVERS\u0000LICENSE' });
    const nulField = await send(nul.payload, nul.headers['content-type']);
    expect(nulField.statusCode).toBe(400);
    expect(nulField.json().message).toBe(`Invalid request: the field "idType": ${TEXT_NUL_MESSAGE}`);

    const badName = multipartBody({ bytes: png, fileName: 'id\u0000.png' }, { idType: 'DRIVERS_LICENSE' });
    const badNameRes = await send(badName.payload, badName.headers['content-type']);
    expect(badNameRes.statusCode).toBe(400);
    expect(badNameRes.json().message).toBe(`Invalid request: a file name: ${TEXT_NUL_MESSAGE}`);
  });

  it('the chat message route answers 400 to a malformed multipart body and a NUL in its text', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: `${CSP_EXTERNAL}/twilio/initWebChat`,
      headers: { 'x-org-code': 'MAIN' },
      payload: { friendlyName: 'Vera Visitor', emailAddress: 'vera@example.com', welcomeMessage: 'Hello' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { token, conversationSid } = started.json() as { token: string; conversationSid: string };
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: `${OMNI}/conversations/${conversationSid}/messages`,
        headers: { 'x-chat-token': token, 'content-type': contentType },
        payload,
      });
    const boundary = 'fuzzboundary';
    const truncated = await send(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\nabc`,
      ),
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe('Malformed multipart body');

    const nul = multipartBody(null, { body: 'hello\u0000' });
    const nulRes = await send(nul.payload, nul.headers['content-type']);
    expect(nulRes.statusCode).toBe(400);
    expect(nulRes.json().message).toBe(`Invalid request: the field "body": ${TEXT_NUL_MESSAGE}`);
  });
});
