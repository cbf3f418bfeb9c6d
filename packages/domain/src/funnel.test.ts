import { describe, expect, it } from 'vitest';
import { ERROR_FALLBACK_EVENT } from './constants';
import { APPLICATION_STEPS } from './enums';
import { conversionPercent, FUNNEL_STEPS } from './funnel';
import { TELEMETRY_EVENTS } from './telemetry-events';
import { ZTelemetryEvent, ZTelemetrySessionRequest } from './schemas';

describe('funnel', () => {
  it('has unique step keys, starting with the visit, application steps that exist', () => {
    const keys = FUNNEL_STEPS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(FUNNEL_STEPS[0]!.event).toBe(TELEMETRY_EVENTS.pageView);
    for (const step of FUNNEL_STEPS) if (step.step) expect(APPLICATION_STEPS).toContain(step.step);
    expect(TELEMETRY_EVENTS.errorFallback).toBe(ERROR_FALLBACK_EVENT);
  });

  it.each([
    [50, 100, 50],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [0, 10, 0],
    [5, 0, null],
  ])('conversion of %i after %i = %s', (reached, previous, expected) => {
    expect(conversionPercent(reached, previous)).toBe(expected);
  });
});

describe('telemetry call bodies', () => {
  const sessionKey = {
    uuid: '11111111-2222-4333-8444-555555555555',
    epoch: 1_700_000_000_000,
    trackerUuid: '66666666-7777-4888-9999-000000000000',
  };
  it('fills event defaults: no dedupe switch, TRACK, empty properties', () => {
    const parsed = ZTelemetryEvent.parse({ pagePath: '/x', event: 'e', sessionKey });
    expect(parsed).toMatchObject({
      dontDedupe: false,
      eventType: 'TRACK',
      eventProperties: {},
      queryParams: {},
    });
  });
  it('refuses oversized properties and unknown product types', () => {
    expect(
      ZTelemetryEvent.safeParse({
        pagePath: '/',
        event: 'e',
        sessionKey,
        eventProperties: { x: 'a'.repeat(5000) },
      }).success,
    ).toBe(false);
    expect(
      ZTelemetryEvent.safeParse({ pagePath: '/', event: 'e', sessionKey, productType: 'AUTO' }).success,
    ).toBe(false);
  });
  it('takes repeated query parameters as lists', () => {
    const parsed = ZTelemetrySessionRequest.parse({
      platform: 'web',
      libVersion: '2.2.23',
      queryParams: { a: ['1', '2'], b: 'x' },
    });
    expect(parsed.queryParams).toEqual({ a: ['1', '2'], b: 'x' });
  });
});
