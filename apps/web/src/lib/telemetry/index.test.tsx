/** The facade end to end in the page: lazy client, the error fallback's event, window error reporting. */
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_FALLBACK_EVENT } from '@heloc/domain';
import { ErrorFallback } from '@/components/errors/error-fallback';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { reportError, startTelemetry, track } from './index';

const KEY = {
  uuid: '11111111-2222-4333-8444-555555555555',
  epoch: 1_767_225_600_000,
  trackerUuid: '66666666-7777-4888-9999-000000000000',
};
let api: ReturnType<typeof mockApi>;

beforeAll(() => {
  setUnauthenticatedHandler(() => {});
  api = mockApi()
    .on('POST /ft/heloc/session', { body: { sessionKey: KEY } })
    .on('POST /ft/heloc/event', { status: 202, body: { status: 'QUEUED' } })
    .on('POST /ft/heloc/error-report', { status: 202, body: { status: 'STORED' } });
});
afterAll(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

const events = () => api.callsTo('POST /ft/heloc/event').map((call) => call.body as Record<string, unknown>);
const reports = () =>
  api.callsTo('POST /ft/heloc/error-report').map((call) => call.body as Record<string, unknown>);

describe('telemetry facade', () => {
  it('sends nothing before startTelemetry', async () => {
    track('HELOC: Too early');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(0);
  });

  it('logs "HELOC: Error Fallback" when the error fallback shows', async () => {
    startTelemetry();
    renderRoutes({
      routes: [{ path: '/broken', Component: () => <ErrorFallback onRetry={() => {}} /> }],
      scope: 'host',
      url: '/broken',
    });
    await waitFor(() => expect(events().map((e) => e.event)).toContain(ERROR_FALLBACK_EVENT));
    expect(events().find((e) => e.event === ERROR_FALLBACK_EVENT)).toMatchObject({
      eventType: 'ERROR',
      productType: 'HELOC',
      sessionKey: KEY,
    });
  });

  it('reports uncaught errors and rejections, but not network-type ones', async () => {
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('render exploded'), message: 'render exploded' }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new TypeError('Failed to fetch');
    window.dispatchEvent(rejection);
    reportError(new TypeError('NetworkError when attempting to fetch resource.'));
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]).toMatchObject({
      message: 'render exploded',
      source: 'window',
      release: expect.any(String),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports()).toHaveLength(1);
  });
});
