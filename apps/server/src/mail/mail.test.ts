import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock';
import { createTestApp, type TestApp } from '../test/app';
import { OutboxMailer, readOutbox, SmtpMailer } from '.';

describe('outbox mailer (the embedded default)', () => {
  let testApp: TestApp;
  const clock = new ManualClock(new Date('2026-11-20T17:00:00Z'));

  beforeAll(async () => {
    testApp = await createTestApp({}, { clock });
  });
  afterAll(async () => testApp.close());

  it('is what the app sends with outside production', () => {
    expect(testApp.app.mailer).toBeInstanceOf(OutboxMailer);
  });

  it('keeps every message, newest first, filterable by recipient', async () => {
    const { mailer, db } = testApp.app;
    await mailer.send({ to: 'Co.Owner@Example.com', subject: 'First', text: 'one', orgCode: 'MAIN' });
    clock.advance(60_000);
    await mailer.send({ to: 'other@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    clock.advance(60_000);
    const sent = await mailer.send({ to: 'co.owner@example.com', subject: 'Third', text: 'three' });

    const all = await readOutbox(db);
    expect(all.map((entry) => entry.subject)).toEqual(['Third', 'Second', 'First']);
    expect(all[0]).toMatchObject({ id: sent.id, to: 'co.owner@example.com', text: 'three' });
    expect(all[1]).toMatchObject({ html: '<p>two</p>' });
    expect(all[2]).toMatchObject({ orgCode: 'MAIN', from: 'HELOC <no-reply@heloc.test>' });
    expect(all[2]!.createdAt.toISOString()).toBe('2026-11-20T17:00:00.000Z');

    const toCoOwner = await readOutbox(db, { to: ' CO.OWNER@example.com ' });
    expect(toCoOwner.map((entry) => entry.subject)).toEqual(['Third', 'First']);
    expect(await readOutbox(db, { limit: 1 })).toHaveLength(1);
  });
});

describe('SMTP mailer', () => {
  it('hands the whole message to the transport with the configured sender', async () => {
    // nodemailer's JSON transport builds the message exactly as for SMTP, without a network.
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const mailer = new SmtpMailer(transport, 'Lender <no-reply@lender.example>');
    const captured: unknown[] = [];
    const send = transport.sendMail.bind(transport);
    transport.sendMail = (async (options: Parameters<typeof send>[0]) => {
      const info = await send(options);
      captured.push(JSON.parse((info as unknown as { message: string }).message));
      return info;
    }) as typeof transport.sendMail;

    const result = await mailer.send({
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Body',
      html: '<b>Body</b>',
    });

    expect(result.id).toMatch(/@/);
    expect(captured[0]).toMatchObject({
      from: { address: 'no-reply@lender.example', name: 'Lender' },
      to: [{ address: 'a@example.com', name: '' }],
      subject: 'Hello',
      text: 'Body',
      html: '<b>Body</b>',
    });
  });
});
