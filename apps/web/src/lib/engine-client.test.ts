import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_APPLICATION_STATUS, ZActionResult } from '@heloc/domain';
import { engineCommand, engineWrite } from './engine-client';
import { takeWriteStatus } from './write-status';

const fetchMock = vi.fn<typeof fetch>();
const UUID = '3f2a1b4c-0000-4000-8000-000000000001';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ status: 'HMDA' }), { headers: { 'content-type': 'application/json' } }),
  );
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const sent = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return {
    url: String(url),
    method: init?.method,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
};

describe('engineWrite', () => {
  it('posts the body to the action under the application and parses the answer', async () => {
    await expect(
      engineWrite(
        UUID,
        'contact',
        { email: 'ann@example.com', phoneNumber: '(415) 555-0177' },
        ZActionResult,
      ),
    ).resolves.toEqual({ status: 'HMDA' });
    expect(sent()).toEqual({
      url: `/service-application/api/v1/application/heloc/${UUID}/contact`,
      method: 'POST',
      body: { email: 'ann@example.com', phoneNumber: '(415) 555-0177' },
    });
  });

  it('names the condition in a condition write', async () => {
    await engineWrite(UUID, 'conditions/phone-number', { phoneNumber: '4155550100' }, ZActionResult, {
      conditionUuid: 'c-1',
    });
    expect(sent().url).toBe(
      `/service-application/api/v1/application/heloc/${UUID}/conditions/c-1/phone-number`,
    );
  });

  it('keeps the status a write answered for the screen’s advance(); a bare step keeps nothing', async () => {
    const answered = {
      status: 'HMDA',
      applicationStatus: { ...EMPTY_APPLICATION_STATUS, liensComplete: true },
    };
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(answered), { headers: { 'content-type': 'application/json' } }),
    );
    await engineWrite(
      UUID,
      'contact',
      { email: 'ann@example.com', phoneNumber: '(415) 555-0177' },
      ZActionResult,
    );
    expect(takeWriteStatus(UUID)).toEqual(answered);
    await engineCommand(UUID, 'credit-retry', ZActionResult, {});
    expect(takeWriteStatus(UUID)).toBeNull();
  });

  it('a command sends no body', async () => {
    await engineCommand(UUID, 'notary/session', ZActionResult);
    expect(sent()).toMatchObject({ url: expect.stringMatching(/\/notary\/session$/), body: undefined });
  });

  it('a body the server would refuse for its shape does not compile (typecheck holds these)', () => {
    // Never called: the calls below exist for the compiler; `npm run typecheck` fails if one compiles.
    const wrongBodies = () => [
      // @ts-expect-error the offer needs its uuid
      engineWrite(UUID, 'offer', { amountCents: 100 }, ZActionResult),
      // @ts-expect-error a link is BANK or PAYROLL
      engineWrite(UUID, 'income/link-token', { kind: 'CASH' }, ZActionResult),
      engineWrite(
        UUID,
        'signing/sign',
        {
          documentUuid: UUID,
          esignConsent: true,
          // @ts-expect-error only the current E-SIGN disclosure version is accepted
          esignDisclosureVersion: 'esign-1999-01',
          scrolledToBottom: true,
        },
        ZActionResult,
      ),
      // @ts-expect-error the valuation fee is the published one
      engineWrite(UUID, 'bpo/order', { feeConsent: true, feeCents: 1 }, ZActionResult),
      // @ts-expect-error no such engine write
      engineWrite(UUID, 'offers', {}, ZActionResult),
      // @ts-expect-error a command takes no body
      engineCommand(UUID, 'credit-retry', ZActionResult, { force: true }),
    ];
    expect(typeof wrongBodies).toBe('function');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
