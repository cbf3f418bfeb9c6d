import { describe, expect, it } from 'vitest';
import { createClient, register, registration } from './client';
import { planFromRegistration } from './plan';
import { httpTransport, injectTransport, type Injectable } from './transport';
import { answeredStatus, borrower, settleAfter } from './walk';

type Sent = { method: string; url: string; headers: Record<string, string>; payload?: Buffer };

/** A stand-in for Fastify's inject: records what it was sent, answers what `reply` says. */
function fakeApp(
  reply: (sent: Sent) => { statusCode: number; headers?: Record<string, string | string[]>; body?: string },
) {
  const sent: Sent[] = [];
  const app: Injectable = {
    inject: async (options) => {
      sent.push(options);
      const answer = reply(options);
      return {
        statusCode: answer.statusCode,
        headers: answer.headers ?? {},
        rawPayload: Buffer.from(answer.body ?? ''),
      };
    },
  };
  return { app, sent };
}

const plan = {
  firstName: 'Ann',
  lastName: 'Example',
  dob: '1980-02-29',
  email: 'ann@example.com',
  phoneNumber: '(415) 555-0100',
  address: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
};

describe('the inject transport', () => {
  it('sends a JSON body with its content type and the session headers; reads the answer once for many looks', async () => {
    const { app, sent } = fakeApp(() => ({ statusCode: 200, body: '{"status":"HMDA"}' }));
    const client = createClient(injectTransport(app), {
      applicationUuid: 'a1',
      headers: { authorization: 'Bearer t', cookie: 'fp=1' },
    });
    const answer = await client.call('contact', 'POST', `${client.engine}/contact`, { email: 'x@y.z' });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/service-application/api/v1/application/heloc/a1/contact',
      headers: { authorization: 'Bearer t', cookie: 'fp=1', 'content-type': 'application/json' },
    });
    expect(JSON.parse(sent[0]!.payload!.toString())).toEqual({ email: 'x@y.z' });
    expect(answer.json()).toEqual({ status: 'HMDA' });
    expect(answer.json()).toEqual({ status: 'HMDA' });
  });

  it('sends no body and no content type for a bare POST; a 204 has an empty body', async () => {
    const { app, sent } = fakeApp(() => ({ statusCode: 204 }));
    const client = createClient(injectTransport(app), { applicationUuid: 'a1', headers: {} });
    const answer = await client.call('confirm', 'POST', '/x', undefined, [204]);
    expect(sent[0]!.payload).toBeUndefined();
    expect(sent[0]!.headers['content-type']).toBeUndefined();
    expect(answer.body).toBe('');
  });

  it('uploads multipart: the fields before the file, the file named and typed', async () => {
    const { app, sent } = fakeApp(() => ({ statusCode: 200, body: '{}' }));
    const client = createClient(injectTransport(app), { applicationUuid: 'a1', headers: {} });
    await client.upload(
      'id',
      '/id',
      { bytes: new TextEncoder().encode('PNGDATA'), fileName: 'id.png', contentType: 'image/png' },
      { idType: 'DRIVERS_LICENSE' },
    );
    const type = sent[0]!.headers['content-type']!;
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const text = sent[0]!.payload!.toString();
    expect(text.indexOf('name="idType"')).toBeGreaterThan(-1);
    expect(text.indexOf('name="idType"')).toBeLessThan(text.indexOf('filename="id.png"'));
    expect(text).toContain('Content-Type: image/png');
    expect(text).toContain('PNGDATA');
  });

  it('takes a renewed token from an answer into the session, as the browser does', async () => {
    const { app, sent } = fakeApp(() => ({
      statusCode: 200,
      headers: { authorization: 'Bearer renewed' },
      body: '{"status":"HMDA","applicationStatus":{}}',
    }));
    const client = createClient(injectTransport(app), {
      applicationUuid: 'a1',
      headers: { authorization: 'Bearer old', cookie: 'fp=1' },
    });
    await client.status();
    await client.call('contact', 'POST', '/c', {});
    expect(sent.map((each) => each.headers.authorization)).toEqual(['Bearer old', 'Bearer renewed']);
    expect(client.session.headers).toEqual({ authorization: 'Bearer renewed', cookie: 'fp=1' });
  });

  it('an answer outside the expected codes throws, naming the action and the status', async () => {
    const { app } = fakeApp(() => ({ statusCode: 409, body: '{"message":"no"}' }));
    const client = createClient(injectTransport(app), { applicationUuid: 'a1', headers: {} });
    await expect(client.call('sign', 'POST', '/s', {})).rejects.toThrow(/sign answered 409/);
  });
});

describe('register', () => {
  it('carries the sign-in cookies into the session when the transport keeps no jar', async () => {
    const { app } = fakeApp(() => ({
      statusCode: 201,
      headers: { 'set-cookie': ['__fp=abc; HttpOnly; Path=/', 'other=1; Path=/'] },
      body: '{"jwt":"j","applicationUuid":"a1","identityUuid":"i1"}',
    }));
    const registered = await register(injectTransport(app), {} as never, { carryCookies: true });
    expect(registered.session).toEqual({
      applicationUuid: 'a1',
      headers: { authorization: 'Bearer j', cookie: '__fp=abc; other=1' },
    });
  });

  it('leaves cookies to the transport otherwise, and refuses anything but 201', async () => {
    const ok = fakeApp(() => ({
      statusCode: 201,
      headers: { 'set-cookie': '__fp=abc' },
      body: '{"jwt":"j","applicationUuid":"a1","identityUuid":"i1"}',
    }));
    expect((await register(injectTransport(ok.app), {} as never)).session.headers).toEqual({
      authorization: 'Bearer j',
    });
    const refused = fakeApp(() => ({ statusCode: 409, body: '{}' }));
    await expect(register(injectTransport(refused.app), {} as never)).rejects.toThrow(
      /register answered 409/,
    );
  });
});

describe('the HTTP transport', () => {
  it('sends the path against the base address with the init as given', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const transport = httpTransport('http://127.0.0.1:9/', (async (url: URL, init?: RequestInit) => {
      seen.push({ url: String(url), ...(init && { init }) });
      return new Response('{}', { status: 200 });
    }) as typeof fetch);
    const answer = await transport('/readyz?x=1', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(200);
    expect(seen).toEqual([{ url: 'http://127.0.0.1:9/readyz?x=1', init: { method: 'POST', body: '{}' } }]);
  });
});

describe('registration and plan', () => {
  it('a sandbox borrower with a new e-mail each time; overrides replace whole fields; the plan follows it', () => {
    const first = registration();
    const second = registration({ name: { firstName: 'Lee', lastName: 'Lowscore' }, email: 'lee@x.test' });
    expect(first).toMatchObject({ name: { firstName: 'Ann', lastName: 'Example' }, acceptedTerms: true });
    expect(registration().email).not.toBe(first.email);
    expect(second.name).toEqual({ firstName: 'Lee', lastName: 'Lowscore' });
    expect(planFromRegistration(second, { lienBalanceCents: 1 })).toEqual({
      firstName: 'Lee',
      lastName: 'Lowscore',
      dob: '1980-02-29',
      email: 'lee@x.test',
      phoneNumber: '(415) 555-0100',
      address: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
      lienBalanceCents: 1,
    });
  });
});

describe('walk', () => {
  /** A server whose status follows the borrower's answers: profile → liens → offers. */
  function scriptedServer() {
    let status = 'IN_PROGRESS';
    return fakeApp((sent) => {
      if (sent.url.endsWith('/profile')) status = 'LIEN_VERIFICATION';
      else if (sent.url.endsWith('/liens/confirm')) status = 'OFFER_SELECTION';
      return { statusCode: 200, body: JSON.stringify({ status, applicationStatus: {} }) };
    });
  }

  it('answers each settled status until the wanted one', async () => {
    const { app, sent } = scriptedServer();
    const client = createClient(injectTransport(app), { applicationUuid: 'a1', headers: {} });
    const driven = borrower(client, plan);
    const reached = await driven.walk({
      until: 'OFFER_SELECTION',
      settle: async () => (await client.status()).status,
    });
    expect(reached).toBe('OFFER_SELECTION');
    const posts = sent.filter((each) => each.method === 'POST').map((each) => each.url.split('/a1')[1]);
    expect(posts).toEqual(['/profile', '/liens/confirm']);
    expect(JSON.parse(sent.find((each) => each.url.endsWith('/profile'))!.payload!.toString())).toEqual({
      name: { firstName: 'Ann', lastName: 'Example' },
      dob: '1980-02-29',
      softCreditConsent: true,
    });
  });

  it('stops with an error where the borrower has nothing to answer and nothing moves', async () => {
    const { app } = fakeApp(() => ({
      statusCode: 200,
      body: '{"status":"RECORDING","applicationStatus":{}}',
    }));
    const client = createClient(injectTransport(app), { applicationUuid: 'a1', headers: {} });
    await expect(
      borrower(client, plan).walk({ until: 'COMPLETE', settle: async () => (await client.status()).status }),
    ).rejects.toThrow('walk to COMPLETE stopped at RECORDING');
  });

  it('settles in process by running the jobs first; a move answers the status it names', async () => {
    const { app } = scriptedServer();
    const client = createClient(injectTransport(app), { applicationUuid: 'a1', headers: {} });
    let runs = 0;
    const settle = settleAfter(client, async () => void (runs += 1));
    expect(await settle()).toBe('IN_PROGRESS');
    expect(runs).toBe(1);
    const driven = borrower(client, plan);
    expect(answeredStatus(await driven.move('IN_PROGRESS'))).toBe('LIEN_VERIFICATION');
    expect(() => answeredStatus({ kind: 'none' })).toThrow(/no move made/);
  });

  it('gives each answer once: a status that comes back is not answered again', async () => {
    const { app } = fakeApp(() => ({ statusCode: 200, body: '{"status":"IN_PROGRESS"}' }));
    const client = createClient(injectTransport(app), { applicationUuid: 'a1', headers: {} });
    const driven = borrower(client, plan);
    expect((await driven.move('IN_PROGRESS')).kind).toBe('moved');
    expect((await driven.move('IN_PROGRESS')).kind).toBe('none');
  });
});
