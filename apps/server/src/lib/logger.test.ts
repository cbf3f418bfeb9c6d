import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { REDACT_PATHS, loggerOptions, redactUrl } from './logger';

function capture(): { logger: pino.Logger; lines: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions('info') as pino.LoggerOptions;
  return { logger: pino({ ...options }, stream), lines: () => chunks.join('') };
}

describe('log redaction', () => {
  it.each([
    ['top level', { password: 'hunter2-secret' }],
    ['nested', { body: { ssn: '123-45-6789', accountNumber: '000123456789' } }],
    ['two levels', { applicant: { bank: { routingNumber: '021000021', token: 'tok_live_abc' } } }],
    ['headers', { request: { headers: { authorization: 'Bearer eyJhbGciOi.secret', cookie: 'fp=abcdef' } } }],
  ])('censors secrets and PII (%s)', (_label, payload) => {
    const { logger, lines } = capture();
    logger.info(payload, 'event');
    const out = lines();
    for (const secret of [
      'hunter2-secret',
      '123-45-6789',
      '000123456789',
      '021000021',
      'tok_live_abc',
      'eyJhbGciOi',
      'fp=abcdef',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[REDACTED]');
  });

  it('logs a request without its headers and with a redacted query', () => {
    const { logger, lines } = capture();
    logger.info(
      { req: { method: 'GET', url: '/x?nonce=n-123', headers: { authorization: 'Bearer t-1' } } },
      'req',
    );
    const out = lines();
    expect(out).toContain('"url":"/x?nonce=[REDACTED]"');
    expect(out).not.toContain('t-1');
    expect(out).not.toContain('n-123');
  });

  it('keeps ordinary fields', () => {
    const { logger, lines } = capture();
    logger.info({ orgCode: 'MAIN', step: 'IN_PROGRESS' }, 'event');
    expect(lines()).toContain('"orgCode":"MAIN"');
  });

  it('censors credentials in query strings', () => {
    expect(redactUrl('/service-csp/customer/secure/api/v1/webchat/refresh?nonce=abc123&x=1')).toBe(
      '/service-csp/customer/secure/api/v1/webchat/refresh?nonce=[REDACTED]&x=1',
    );
    expect(redactUrl('/chat?userToken=u-1&token=t-2')).toBe('/chat?userToken=[REDACTED]&token=[REDACTED]');
    expect(redactUrl('/account/heloc/?org=MAIN')).toBe('/account/heloc/?org=MAIN');
  });

  it('covers every sensitive key at three depths', () => {
    expect(REDACT_PATHS).toEqual(
      expect.arrayContaining(['ssn', '*.ssn', '*.*.ssn', 'req.headers.authorization']),
    );
  });
});

describe('errors in logs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('a failing insert logs its SQL, never its parameters (no date of birth, name or failing row)', async () => {
    const error = await database.db
      .insert(schema.profiles)
      // No such identity: a foreign-key violation whose parameters and detail carry the person.
      .values({
        identityUuid: '00000000-0000-4000-8000-0000000000aa',
        firstName: 'Dorothea',
        lastName: 'Quillfeather',
        dob: '1961-07-23',
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    // The raw error does carry them (what used to be logged).
    expect(String((error as Error).message)).toContain('1961-07-23');

    const { logger, lines } = capture();
    logger.error({ err: error }, 'insert failed');
    const out = lines();
    for (const pii of ['1961-07-23', 'Dorothea', 'Quillfeather', '0000000000aa'])
      expect(out).not.toContain(pii);
    expect(out).toContain('Failed query: insert into \\"profiles\\"');
    expect(out).toContain('"code":"23503"');
  });

  it('keeps the message and details of our own errors', () => {
    const { logger, lines } = capture();
    logger.error(
      { err: Object.assign(new Error('payload without applicationUuid'), { details: { step: 'X' } }) },
      'x',
    );
    expect(lines()).toContain('payload without applicationUuid');
    expect(lines()).toContain('"step":"X"');
  });

  it('redacts PINs and dates of birth wherever they sit', () => {
    const { logger, lines } = capture();
    logger.info(
      { pin: '4821', body: { freezePin: '7733', dob: '1961-07-23' }, payload: { creditFreezePin: '9911' } },
      'x',
    );
    for (const secret of ['4821', '7733', '1961-07-23', '9911']) expect(lines()).not.toContain(secret);
    expect(redactUrl('/service-ops/api/v1/mail/outbox?to=dana@example.com&limit=5')).toBe(
      '/service-ops/api/v1/mail/outbox?to=[REDACTED]&limit=5',
    );
  });
});
