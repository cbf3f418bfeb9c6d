/**
 * The sandbox driver (`npm run simulate`): each run builds the real app on its own in-memory
 * database and drives one DESIGN.md §7 scenario through HTTP until it settles.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs, simulate, type SimulationResult } from './simulate';

const statuses = (result: SimulationResult) => result.timeline.map((entry) => entry.status);

describe('simulate', () => {
  it('Happy: registration → liens → offers → the offer at its maximum line → more info → submitted', async () => {
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
    ]);
    expect(result.timeline.map((entry) => entry.step)).toEqual([1, 2, 3, 4, 5, 6, 7]);
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
    expect(result.final).toMatchObject({ status: 'INCOME_VERIFICATION', screen: 'income/review' });
    expect(result.stop.reason).toBe('needs-input');
  });

  it('Nomatch: a matching SSN continues to the offers; an SSN ending 0000 ends without credit', async () => {
    const matched = await simulate({ scenario: 'Nomatch' });
    expect(matched.ok).toBe(true);
    expect(statuses(matched)).toEqual([
      'IN_PROGRESS',
      'CREDIT_NO_MATCH',
      'LIEN_VERIFICATION',
      'OFFER_SELECTION',
      'COLLECT_ADDITIONAL_INFO',
      'HMDA',
      'SUMMARY',
      'INCOME_VERIFICATION',
    ]);
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

  it('Assets: product/assets, savings declared, offers, submitted', async () => {
    const result = await simulate({ scenario: 'Assets' });
    expect(result.ok).toBe(true);
    expect(statuses(result).slice(0, 4)).toEqual([
      'IN_PROGRESS',
      'LIEN_VERIFICATION',
      'ASSETS_PREQUAL',
      'OFFER_SELECTION',
    ]);
    expect(result.timeline[2]?.screen).toBe('product/assets');
    expect(result.final.status).toBe('INCOME_VERIFICATION');
  });

  it('Timeout moves the clock past the retries and ends at CREDIT_ERROR', async () => {
    const result = await simulate({ scenario: 'Timeout' });
    expect(result).toMatchObject({ ok: true, final: { status: 'CREDIT_ERROR', screen: 'error/timeout' } });
    expect(result.timeline[1]?.facts.waitedMs).toBeGreaterThan(0);
  });

  it('Texas caps the combined loan-to-value lower: a smaller maximum line', async () => {
    const result = await simulate({ scenario: 'Happy', state: 'TX' });
    expect(result.ok).toBe(true);
    // 80% × $650,000 − $250,000.
    expect(result.timeline.find((entry) => entry.facts.maxLineCents)?.facts.maxLineCents).toBe(270_000_00);
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
