/**
 * "The steps an action may run from come from the step tables only" (issue 18): the borrower
 * endpoints check the step they accept with stepsAllowing(action), read from the engine's step table,
 * never with a list written beside it. This holds the rule: stepsAllowing answers the table's `from`,
 * and a scan of the engine's route and service files fails on a literal list of steps handed to requireStep,
 * except the few listed below with the reason they are no move of the table. alreadyDone (the repeat
 * check) takes no list at all: it reads the table for its action itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepsAllowing as stepsAllowingIn, type StepTable } from '../workflow/step-machine';
import { ENGINE_STEP_TABLE, stepsAllowing } from './steps';

const ENGINE = new URL('.', import.meta.url).pathname;
/** The handlers and the services they call (issue 18: the step checks moved with the business rules). */
const ROUTE_DIRS = [
  'routes',
  'submission/routes',
  'closing/routes',
  'services',
  'submission/services',
  'closing/services',
].filter((dir) => existsSync(join(ENGINE, dir)));

/** Step lists that stay in a handler, and why. */
const KEPT: Record<string, string> = {
  // GET notary/slots is a read, no move: the slots show on the notary choice screen (before the
  // borrower chose) and on the reservation screen; the table's moves from there differ (the choice is
  // also open from DEED_SIGNING, where no slots are offered).
  "closing/services/notary-choice.ts: requireStep(application, ['MANUAL_DEED_SIGNING', 'NOTARY_DISCLOSURE']":
    'the manual notary slots, a read',
};

describe('stepsAllowing', () => {
  const table: StepTable = {
    transitions: [
      { action: 'A', from: ['ONE', 'TWO'], to: 'THREE' },
      { action: 'B', from: ['TWO', 'FOUR'], to: 'THREE' },
      { action: 'ANY', from: '*', to: 'CANCELLED' },
    ],
    final: ['CANCELLED'],
  };

  it("answers the union of the actions' from steps", () => {
    expect(stepsAllowingIn(table, 'A')).toEqual(['ONE', 'TWO']);
    expect(stepsAllowingIn(table, 'A', 'B')).toEqual(['ONE', 'TWO', 'FOUR']);
  });

  it('refuses an action the table does not list, and one allowed from any step', () => {
    expect(() => stepsAllowingIn(table, 'MISSING')).toThrow('No transition MISSING');
    expect(() => stepsAllowingIn(table, 'ANY')).toThrow('runs from any step');
  });

  it('reads the engine table: every from list of every borrower move, as the table says', () => {
    for (const transition of ENGINE_STEP_TABLE.transitions) {
      if (transition.from === '*') continue;
      const moves = ENGINE_STEP_TABLE.transitions.filter((each) => each.action === transition.action);
      const union = [...new Set(moves.flatMap((each) => (each.from === '*' ? [] : each.from)))];
      expect(stepsAllowing(transition.action as Parameters<typeof stepsAllowing>[0])).toEqual(union);
    }
    expect(stepsAllowing('LINK_INCOME', 'SET_DISBURSEMENT_ACCOUNT', 'SET_AUTOPAY')).toEqual([
      'INCOME_VERIFICATION',
      'DISBURSEMENT_ACCOUNT',
      'AUTOPAY_ACCOUNT',
    ]);
  });
});

describe('the engine handlers check steps through the table', () => {
  /** Each requireStep call whose step argument is a literal list or a named constant. */
  function handWrittenLists(): string[] {
    const found: string[] = [];
    for (const dir of ROUTE_DIRS) {
      for (const name of readdirSync(join(ENGINE, dir))) {
        if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
        const code = readFileSync(join(ENGINE, dir, name), 'utf8').replace(/\s+/g, ' ');
        for (const call of code.matchAll(/\brequireStep\(([^;]*?)\)/g)) {
          // requireStep(application, STEPS, what)
          const args = call[1]!.split(/,(?![^[(]*[\])])/).map((arg) => arg.trim());
          const steps = args[1] ?? '';
          if (!steps.startsWith('stepsAllowing(')) {
            found.push(`${dir}/${name}: requireStep(${args.slice(0, 2).join(', ')}`);
          }
        }
      }
    }
    return found;
  }

  it('finds the step checks (the scan still matches how handlers are written)', () => {
    const code = ROUTE_DIRS.flatMap((dir) =>
      readdirSync(join(ENGINE, dir)).map((name) => readFileSync(join(ENGINE, dir, name), 'utf8')),
    ).join('\n');
    // The handlers' step checks (one per write, give or take) and repeat checks: if the scan stops seeing
    // them, the rule above would pass on nothing.
    expect(code.match(/\brequireStep\(/g)!.length).toBeGreaterThan(10);
    expect(code.match(/\balreadyDone\(/g)!.length).toBeGreaterThan(15);
  });

  it('no handler restates the steps an action may run from (only the listed reads keep a list)', () => {
    const lists = handWrittenLists();
    expect(lists.filter((each) => !(each in KEPT))).toEqual([]);
    expect(Object.keys(KEPT).filter((each) => !lists.includes(each))).toEqual([]);
  });
});
