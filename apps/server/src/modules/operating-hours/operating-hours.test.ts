/** Operating hours through HTTP: the week per department and organisation, and "open now". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOperatingHoursEntry, formatHoursLine, isOpenAt, type TOperatingHoursEntry } from '@heloc/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { operatingHoursRoutes } from './routes';
import { openStatus } from './service';

/** The instant the clock-injected copy of the routes (under /clock) reads as "now". */
let clock = 0;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // The same routes with a fixed clock, so open/closed edges are tested through HTTP.
      extend: (app) =>
        void app
          .withTypeProvider<ZodTypeProvider>()
          .register(operatingHoursRoutes, { prefix: '/clock', now: () => clock }),
    },
  );
});
afterAll(async () => t.close());

const BASE = '/service-operating-hours/external/api/v1/hours';

async function week(path: string, orgCode?: string): Promise<TOperatingHoursEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE}/${path}`,
    headers: orgCode ? { 'x-org-code': orgCode } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as unknown[]).map((entry) => ZOperatingHoursEntry.parse(entry));
}

async function openAt(instant: string, department = 'OPS_CHAT', orgCode?: string): Promise<boolean> {
  clock = Date.parse(instant);
  const res = await t.app.inject({
    method: 'GET',
    url: `/clock${BASE}/${department}/openStatus`,
    headers: orgCode ? { 'x-org-code': orgCode } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(['true', 'false']).toContain(res.body);
  return res.json() as boolean;
}

describe('GET /hours/{department}', () => {
  it('answers the default phone week, Monday first, weekend 6 and 7, closed days with null times', async () => {
    const entries = await week('OPS_PHONE?display=true');
    expect(entries).toEqual([
      { weekday: 'Monday', weekdayValue: 1, isOpen: true, startTime: '06:00', endTime: '18:00' },
      { weekday: 'Tuesday', weekdayValue: 2, isOpen: true, startTime: '06:00', endTime: '18:00' },
      { weekday: 'Wednesday', weekdayValue: 3, isOpen: true, startTime: '06:00', endTime: '18:00' },
      { weekday: 'Thursday', weekdayValue: 4, isOpen: true, startTime: '06:00', endTime: '18:00' },
      { weekday: 'Friday', weekdayValue: 5, isOpen: true, startTime: '06:00', endTime: '18:00' },
      { weekday: 'Saturday', weekdayValue: 6, isOpen: true, startTime: '08:00', endTime: '14:00' },
      { weekday: 'Sunday', weekdayValue: 7, isOpen: false, startTime: null, endTime: null },
    ]);
    expect(formatHoursLine(entries)).toBe(
      'Monday–Friday: 6:00 AM – 6:00 PM PT, Saturday: 8:00 AM – 2:00 PM PT, Sunday: Closed',
    );
  });

  it('answers the default chat week, also without display and in its /week form', async () => {
    const entries = await week('OPS_CHAT');
    expect(formatHoursLine(entries)).toBe(
      'Monday–Friday: 6:00 AM – 8:00 PM PT, Saturday–Sunday: 8:00 AM – 5:00 PM PT',
    );
    expect(await week('OPS_CHAT/week?display=true')).toEqual(entries);
  });

  it('lets an organisation’s own rows override the default, day by day', async () => {
    expect(formatHoursLine(await week('OPS_PHONE', 'CASCADE_TEACHERS'))).toBe(
      'Monday–Friday: 7:00 AM – 4:00 PM PT, Saturday–Sunday: Closed',
    );
    // Only the weekend of the chat is overridden; the working week is the default.
    expect(formatHoursLine(await week('OPS_CHAT/week?display=true', 'cascade_teachers'))).toBe(
      'Monday–Friday: 6:00 AM – 8:00 PM PT, Saturday–Sunday: Closed',
    );
    // Only Friday is overridden.
    expect(formatHoursLine(await week('OPS_PHONE', 'SUNDIAL_CU'))).toBe(
      'Monday–Thursday: 6:00 AM – 6:00 PM PT, Friday: 6:00 AM – 3:00 PM PT, Saturday: 8:00 AM – 2:00 PM PT, Sunday: Closed',
    );
  });

  it('gives organisations without rows, and unknown organisation codes, the default week', async () => {
    const defaults = await week('OPS_PHONE');
    expect(await week('OPS_PHONE', 'PINECREST')).toEqual(defaults);
    expect(await week('OPS_PHONE', 'NOT_AN_ORG')).toEqual(defaults);
  });

  it('answers 404 for an unknown department, 400 for a bad display value', async () => {
    for (const path of ['OPS_FAX', 'ops_chat', 'OPS_FAX/week', 'OPS_FAX/openStatus']) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/${path}` });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Department not found' });
    }
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/OPS_PHONE?display=yes` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, details: [{ path: 'querystring.display' }] });
  });

  it('needs no token (external call)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/OPS_PHONE`,
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /hours/{department}/openStatus', () => {
  it('is open on Monday at 09:00 Pacific', async () => {
    expect(await openAt('2024-01-15T17:00:00Z')).toBe(true);
    expect(await openAt('2024-01-15T17:00:00Z', 'OPS_PHONE')).toBe(true);
  });

  it('opens at 06:00 and closes at 20:00 Pacific, to the minute', async () => {
    expect(await openAt('2024-01-15T13:59:00Z')).toBe(false); // 05:59
    expect(await openAt('2024-01-15T14:00:00Z')).toBe(true); // 06:00
    expect(await openAt('2024-01-15T14:01:00Z')).toBe(true); // 06:01
    expect(await openAt('2024-01-16T03:59:00Z')).toBe(true); // Monday 19:59
    expect(await openAt('2024-01-16T04:00:00Z')).toBe(false); // Monday 20:00
    expect(await openAt('2024-01-16T04:01:00Z')).toBe(false); // Monday 20:01
  });

  it('uses the weekend hours on Saturday and Sunday', async () => {
    expect(await openAt('2024-01-20T21:59:00Z', 'OPS_PHONE')).toBe(true); // Saturday 13:59
    expect(await openAt('2024-01-20T22:00:00Z', 'OPS_PHONE')).toBe(false); // Saturday 14:00
    expect(await openAt('2024-01-21T20:00:00Z', 'OPS_PHONE')).toBe(false); // Sunday noon: closed
    expect(await openAt('2024-01-21T20:00:00Z', 'OPS_CHAT')).toBe(true); // chat is open on Sunday
    expect(await openAt('2024-01-21T20:00:00Z', 'OPS_CHAT', 'CASCADE_TEACHERS')).toBe(false);
  });

  it('follows the organisation’s hours', async () => {
    // Monday 06:30 Pacific: the default phone line is open, the credit union opens at 07:00.
    expect(await openAt('2024-01-15T14:30:00Z', 'OPS_PHONE')).toBe(true);
    expect(await openAt('2024-01-15T14:30:00Z', 'OPS_PHONE', 'CASCADE_TEACHERS')).toBe(false);
  });

  it('is correct across the daylight-saving changes', async () => {
    // Sunday 2025-03-09, 08:30 PDT (15:30Z): open; the same UTC time a week earlier was 07:30 PST.
    expect(await openAt('2025-03-09T15:30:00Z')).toBe(true);
    expect(await openAt('2025-03-02T15:30:00Z')).toBe(false);
    // Monday after the change: opening at 06:00 PDT is 13:00Z.
    expect(await openAt('2025-03-10T12:59:00Z')).toBe(false);
    expect(await openAt('2025-03-10T13:00:00Z')).toBe(true);
    // Sunday 2025-11-02, 07:30 PST (15:30Z): closed; at 08:00 PST (16:00Z) open.
    expect(await openAt('2025-11-02T15:30:00Z')).toBe(false);
    expect(await openAt('2025-11-02T16:00:00Z')).toBe(true);
  });

  it('uses the real clock in the app, agreeing with the domain rule', async () => {
    const entries = await week('OPS_CHAT');
    const before = isOpenAt(entries, Date.now());
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/OPS_CHAT/openStatus` });
    const after = isOpenAt(entries, Date.now());
    expect(res.statusCode).toBe(200);
    expect(typeof res.json()).toBe('boolean');
    if (before === after) expect(res.json()).toBe(before);
  });

  it('takes the clock as a parameter in the service', async () => {
    const monday9 = () => Date.parse('2024-01-15T17:00:00Z');
    const sunday9 = () => Date.parse('2024-01-21T17:00:00Z');
    expect(await openStatus(t.database.db, 'OPS_PHONE', null, monday9)).toBe(true);
    expect(await openStatus(t.database.db, 'OPS_PHONE', null, sunday9)).toBe(false);
  });
});
