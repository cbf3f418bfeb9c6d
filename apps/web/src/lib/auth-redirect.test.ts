import { describe, expect, it } from 'vitest';
import { isLogoutSurveyPath, isVisitorAllowedPath, loginRedirectFor, postLoginTarget } from './auth-redirect';

describe('visitor allow-list (spec 1 §6)', () => {
  it.each([
    '/account/heloc/register',
    '/account/heloc/register/',
    '/account/heloc/register/account-setup',
    '/account/heloc/register/support',
    '/account/heloc/heloc-signer/login',
    '/terms',
    '/communications',
    '/privacy',
    '/licenses',
    '/account/heloc/terms',
    '/coming-soon',
    '/auth/login',
    '/auth/forgot-password',
    '/auth/reset-password',
  ])('a visitor may open %s', (path) => {
    expect(isVisitorAllowedPath(path)).toBe(true);
  });

  it.each([
    '/dashboard',
    '/dashboard/settings',
    '/contact',
    '/account/heloc/0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c/liens',
    '/account/heloc/heloc-signer/resume',
    '/account/heloc/register/other',
    '/universal-marketplace',
  ])('a visitor is sent away from %s', (path) => {
    expect(isVisitorAllowedPath(path)).toBe(false);
  });
});

describe('loginRedirectFor (spec 2 §8)', () => {
  it('sends other pages to /auth/login with the page and query as redirectUrl', () => {
    expect(loginRedirectFor('/dashboard', '?org=MAIN')).toBe(
      '/auth/login?redirectUrl=%2Fdashboard%3Forg%3DMAIN',
    );
    expect(loginRedirectFor('/account/heloc/0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c/liens')).toBe(
      '/auth/login?redirectUrl=%2Faccount%2Fheloc%2F0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c%2Fliens',
    );
  });

  it('sends signer paths to the signer login', () => {
    expect(loginRedirectFor('/account/heloc/heloc-signer/documents', '?x=1')).toBe(
      '/account/heloc/heloc-signer/login',
    );
  });

  it('sends register paths to registration', () => {
    expect(loginRedirectFor('/account/heloc/register/account-setup')).toBe('/account/heloc/register');
  });

  it('leaves out a redirectUrl the rule would refuse anyway', () => {
    expect(loginRedirectFor('/', '')).toBe('/auth/login');
  });
});

describe('postLoginTarget (spec 1 §2 redirectUrl rule)', () => {
  it.each(['/dashboard', '/dashboard/settings?tab=1', '/account/heloc/register'])('honours %s', (url) => {
    expect(postLoginTarget(url)).toBe(url);
  });

  it.each([
    null,
    '',
    '//evil.example',
    'https://evil.example',
    '/\\evil',
    '/Dashboard',
    'dashboard',
    ' /dashboard',
  ])('refuses %s and goes to the dashboard', (url) => {
    expect(postLoginTarget(url)).toBe('/dashboard');
  });
});

describe('postLoginTarget: lender staff', () => {
  it.each([null, '/dashboard', '/account/heloc/register'])('sends staff to the console from %s', (url) => {
    expect(postLoginTarget(url, { staff: true })).toBe('/ops/?staffAccount=1');
  });
});

describe('logout survey paths (spec 1 §5)', () => {
  const app = '/account/heloc/0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';
  it.each([
    `${app}/liens`,
    `${app}/product/select`,
    `${app}/identity`,
    `${app}/signing/sign`,
    `${app}/liens/`,
  ])('asks on %s', (path) => {
    expect(isLogoutSurveyPath(path)).toBe(true);
  });

  it.each([`${app}/product/assets`, `${app}/signing/intro`, `${app}/start/profile`, '/dashboard', '/liens'])(
    'does not ask on %s',
    (path) => {
      expect(isLogoutSurveyPath(path)).toBe(false);
    },
  );
});
