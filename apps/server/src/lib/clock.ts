/**
 * The server's notion of "now". Waiting periods (rescission, notary, Texas notice) and job
 * schedules read it, so tests can move time forward instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests, the sandbox driver). */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-05T17:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }
}
