import { describe, expect, it } from 'vitest';
import { isUnderMaintenance, parseMaintenanceRoutes } from './match-route';

const APP_ID = '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';

describe('parseMaintenanceRoutes', () => {
  it.each([
    ['["/","/dashboard"]', ['/', '/dashboard']],
    ['[]', []],
    ['not json', []],
    ['{"routes":["/"]}', []],
    ['["/product", 3, "", null]', ['/product']],
    [undefined, []],
  ] as const)('%s → %o', (raw, routes) => {
    expect(parseMaintenanceRoutes(raw)).toEqual(routes);
  });

  it('accepts a list that is already parsed', () => {
    expect(parseMaintenanceRoutes(['/pay'])).toEqual(['/pay']);
  });
});

describe('isUnderMaintenance', () => {
  const app = (pathname: string) => ({ scope: 'app' as const, pathname });
  const host = (pathname: string) => ({ scope: 'host' as const, pathname });

  it.each([
    // "/" is the whole borrower app, never a host page.
    [['/'], app('/'), true],
    [['/'], app(`/${APP_ID}/product/select`), true],
    [['/'], app('/register'), true],
    [['/'], host('/dashboard'), false],
    [['*'], app('/register/support'), true],
    [['/account/heloc'], app('/register'), true],
    // Exact and segment-prefix matches.
    [['/register'], app('/register'), true],
    [['/register'], app('/register/account-setup'), true],
    [['/register'], app('/registered'), false],
    [['/register/'], app('/register'), true],
    [['/account/heloc/register'], app('/register'), true],
    // Application screens match with or without the application id.
    [['/product'], app(`/${APP_ID}/product/select`), true],
    [['/product/select'], app(`/${APP_ID}/product/select`), true],
    [['/product/select'], app(`/${APP_ID}/product/assets`), false],
    [[`/${APP_ID}`], app(`/${APP_ID}/bank/autopay`), true],
    [['/bank'], app(`/${APP_ID}/banking`), false],
    // Host pages only when listed.
    [['/dashboard'], host('/dashboard'), true],
    [['/dashboard'], host('/dashboard/settings'), true],
    [['/dashboard/settings'], host('/dashboard'), false],
    [['/terms'], host('/contact'), false],
    [['/DASHBOARD'], host('/dashboard'), true],
    [[], app('/'), false],
  ] as const)('%o covers %o → %s', (routes, location, expected) => {
    expect(isUnderMaintenance(routes, location)).toBe(expected);
  });
});
