/**
 * The sandbox driver (`npm run simulate`): each run builds the real app on its own in-memory
 * database and drives one DESIGN.md §7 scenario through HTTP until it settles.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs, simulate, type SimulationResult } from './index';

const statuses = (result: SimulationResult) => result.timeline.map((entry) => entry.status);

// Each run starts its own embedded database and drives a whole application: minutes on a busy machine.
describe('simulate', { timeout: 180_000 }, () => {
  it('Happy: registration → offers → submission → income → accounts → signing → notary → insurance → rescission → COMPLETE', async () => {
    const result = await simulate({ scenario: 'Happy' });
    expect(result).toMatchObject({ scenario: 'HAPPY', orgCode: 'MAIN', state: 'CA', ok: true });
    expect(statuses(result)).toEqual([
      'IN_PROGRESS',
      'LIEN_VERIFICATION',
      'OFFER_SELECTION',
      'COLLECT_ADDITIONAL_INFO',
      'HMDA',
      'SUMMARY',
      'INCOME_VERIFICATION',
      'EMPLOYMENT_VERIFICATION',
      'DISBURSEMENT_ACCOUNT',
      'AUTOPAY_ACCOUNT',
      'IDENTITY_VERIFICATION',
      'NOTE_SIGNING',
      'NOTARY_DISCLOSURE',
      'DEED_SIGNING',
      'TRUST_AND_INSURANCE',
      'RESCISSION',
      'RECORDING',
      'COMPLETE',
    ]);
    expect(result.timeline[5]).toMatchObject({ screen: 'start/app-summary' });
    expect(result.timeline[5]?.facts.documents).toEqual([
      'APPLICATION_SUMMARY',
      'CONSUMER_HELOC_BOOKLET',
      'EARLY_HELOC_DISCLOSURE',
    ]);
    expect(result.timeline[2]?.screen).toBe('product/select');
    const choice = result.timeline[3]!;
    expect(choice.httpStatus).toBe(200);
    // min($400,000, 85% × $650,000 − $250,000).
    expect(choice.facts).toMatchObject({ maxLineCents: 302_500_00, chosen: { amountCents: 302_500_00 } });
    expect(choice.facts.offers).toBeGreaterThan(0);
    // Rescission ends at Pacific midnight after three business days (signed Monday Jan 5 → Thursday Jan 8).
    const rescission = result.timeline.find((entry) => entry.status === 'RECORDING')!;
    expect(rescission).toMatchObject({ action: 'wait for rescission.end' });
    expect(rescission.facts.clock).toBe('2026-01-09T08:00:00.000Z');
    expect(result.final).toMatchObject({ status: 'COMPLETE', screen: '/' });
    expect(result.stop.reason).toBe('final');
  });

  it('Nomatch: a matching SSN continues to COMPLETE; an SSN ending 0000 ends without credit', async () => {
    const matched = await simulate({ scenario: 'Nomatch' });
    expect(matched.ok).toBe(true);
    expect(statuses(matched).slice(0, 3)).toEqual(['IN_PROGRESS', 'CREDIT_NO_MATCH', 'LIEN_VERIFICATION']);
    expect(matched.final.status).toBe('COMPLETE');
    expect(matched.timeline[1]?.screen).toBe('credit/social');

    const noCredit = await simulate({ scenario: 'nomatch', ssnEnding: '0000' });
    expect(noCredit).toMatchObject({ ok: true, expected: 'CREDIT_NO_MATCH_SSN' });
    expect(noCredit.final).toMatchObject({ status: 'CREDIT_NO_MATCH_SSN', screen: 'review-app/no-credit' });
  });

  it('Frozen ends at CREDIT_FROZEN (credit/error)', async () => {
    const result = await simulate({ scenario: 'Frozen' });
    expect(result).toMatchObject({ ok: true, final: { status: 'CREDIT_FROZEN', screen: 'credit/error' } });
  });

  it('Lowscore ends DECLINED on the credit-score screen', async () => {
    const result = await simulate({ scenario: 'Lowscore' });
    expect(result).toMatchObject({
      ok: true,
      stop: { reason: 'final' },
      final: { status: 'DECLINED', screen: 'error/credit' },
    });
    expect(result.timeline.at(-1)?.facts.declineReasons).toEqual(['credit score']);
    expect(result.timeline.at(-1)?.facts.documents).toEqual(['ADVERSE_ACTION_NOTICE']);
  });

  it('Assets: product/assets, savings declared, offers, submitted; no recurring income on the link declines on DTI', async () => {
    const result = await simulate({ scenario: 'Assets' });
    expect(result.ok).toBe(true);
    expect(statuses(result).slice(0, 4)).toEqual([
      'IN_PROGRESS',
      'LIEN_VERIFICATION',
      'ASSETS_PREQUAL',
      'OFFER_SELECTION',
    ]);
    expect(result.timeline[2]?.screen).toBe('product/assets');
    expect(statuses(result)).toContain('INCOME_VERIFICATION');
    expect(result.final).toMatchObject({ status: 'DECLINED', screen: 'error/income' });
    expect(result.timeline.at(-1)?.facts.documents).toContain('ADVERSE_ACTION_NOTICE');
  });

  it('Timeout moves the clock past the retries and ends at CREDIT_ERROR', async () => {
    const result = await simulate({ scenario: 'Timeout' });
    expect(result).toMatchObject({ ok: true, final: { status: 'CREDIT_ERROR', screen: 'error/timeout' } });
    expect(result.timeline[1]?.facts.waitedMs).toBeGreaterThan(0);
  });

  it('Texas: lower CLTV cap, the valuation order, the 12-day notice, then COMPLETE', async () => {
    const result = await simulate({ scenario: 'Happy', state: 'TX' });
    expect(result.ok).toBe(true);
    // 80% × $650,000 − $250,000.
    expect(result.timeline.find((entry) => entry.facts.maxLineCents)?.facts.maxLineCents).toBe(270_000_00);
    expect(result.timeline.find((entry) => entry.status === 'BPO_PROCESSING')?.screen).toBe('bpo/hold');
    const signing = result.timeline.find((entry) => entry.action.includes('Texas 12-day notice'))!;
    // Applied Monday Jan 5 → closes from Saturday Jan 17, 00:00 in Texas.
    expect(signing.facts.clock).toBe('2026-01-17T06:00:00.000Z');
    expect(result.final.status).toBe('COMPLETE');
  });
});

describe('simulate command line', () => {
  it('parses the options and refuses unknown flags, a bad state and missing values', () => {
    expect(parseSimulateArgs(['--scenario', 'Nomatch', '--state', 'tx', '--ssn', '0000', '--json'])).toEqual({
      options: { scenario: 'Nomatch', state: 'TX', ssnEnding: '0000' },
      json: true,
    });
    expect(parseSimulateArgs(['--scenario', 'Happy', '--amount', '50000'])).toEqual({
      options: { scenario: 'Happy', amountDollars: 50_000 },
      json: false,
    });
    expect(parseSimulateArgs(['--scenario', 'Happy', '--verbose'])).toMatch(/unknown argument/);
    expect(parseSimulateArgs(['--scenario', 'Happy', '--state', 'ZZ'])).toMatch(/--state/);
    expect(parseSimulateArgs(['--scenario'])).toMatch(/needs a value/);
    expect(parseSimulateArgs(['--scenario', '--json'])).toMatch(/needs a value/);
    expect(parseSimulateArgs([])).toMatch(/required/);
    expect(parseSimulateArgs(['--scenario', 'Happy', '--pin', '12'])).toMatch(/--pin/);
  });

  it('exits 2 with the usage line on bad arguments', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', '--scenario'], {
      cwd: serverDir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--scenario needs a value');
    expect(run.stderr).toContain('usage: npm run simulate -- --scenario <LastName>');
    expect(run.stdout).toBe('');
  });
});
