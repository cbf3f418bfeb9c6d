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

/**
 * The system clock shifted by an offset that only moves forward: a development or browser-test
 * server told to pass a waiting period (rescission, recording) without sleeping through it
 * (DEV_CLOCK_CONTROL, the staff-only operations endpoint in modules/dev-clock). Never in production.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: () => number = Date.now) {}

  now(): Date {
    return new Date(this.base() + this.offsetMs);
  }

  /** Moves "now" forward by `ms` (≥ 0): time never runs backwards under leased jobs. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
    this.offsetMs += ms;
  }

  /** Moves "now" forward to `instant`; an instant already passed leaves the clock as it is. */
  advanceTo(instant: Date): void {
    this.advance(Math.max(0, instant.getTime() - this.now().getTime()));
  }

  get offset(): number {
    return this.offsetMs;
  }
}
