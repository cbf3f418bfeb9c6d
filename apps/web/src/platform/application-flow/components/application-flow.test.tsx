import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import type { TDestination, TStepRoute } from '@heloc/domain';
import { browserLocation } from '@/lib/browser-location';
import { keepWriteStatus } from '@/lib/write-status';
import { flowRoute, mockFlowApi } from '@/testing/application-flow';
import {
  APPLICATION_PATH,
  APPLICATION_UUID,
  applicationFixture,
  STATUS_ROUTE,
  statusAnswer,
} from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { stepHandle } from '../step-handle';
import { useApplicationFlow } from './application-flow';

function Screen({ name }: { name: string }) {
  const { advance, busy, goTo, holdScreen } = useApplicationFlow();
  return (
    <div>
      <h1>{name}</h1>
      <button type="button" disabled={busy} onClick={() => void advance()}>
        Continue
      </button>
      <button type="button" onClick={holdScreen}>
        Hold
      </button>
      <button type="button" onClick={() => void goTo('review-app/property')}>
        Open the offers
      </button>
    </div>
  );
}

const screenRoute = (path: TStepRoute, alsoWhen?: TDestination[]): RouteObject => ({
  path,
  handle: stepHandle(path, alsoWhen),
  element: <Screen name={path} />,
});

const routes: RouteObject[] = [
  {
    ...flowRoute([
      { index: true, handle: stepHandle(''), element: <p>index</p> },
      screenRoute('start/profile', ['review-app/datatree']),
      screenRoute('liens'),
      screenRoute('credit/social'),
      screenRoute('product/select'),
      // A step whose loader sends the borrower elsewhere, as a status-routed step's loader does when
      // the status resolves to another screen (status-redirect.ts).
      { path: 'review-app/property', loader: () => redirect(`/${APPLICATION_UUID}/credit/social`) },
      { path: 'document/disclosures', element: <Screen name="disclosures" /> },
      { path: 'error/timeout', element: <h1>timeout</h1> },
      { path: 'review-app/datatree', element: <h1>datatree</h1> },
      { path: 'error/credit', element: <h1>credit decline</h1> },
    ]),
    errorElement: <h1>snag</h1>,
  },
  { path: '*', element: <h1>elsewhere</h1> },
];

function render(path: string) {
  return renderRoutes({ routes, scope: 'app', url: `/${APPLICATION_UUID}${path}` });
}

let server: ReturnType<typeof mockFlowApi>;
beforeEach(() => {
  // Every test answers the status itself.
  server = mockFlowApi('LIEN_VERIFICATION');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('status-driven navigation', () => {
  it('the frame index goes to the screen the server status resolves to', async () => {
    server.on(STATUS_ROUTE, statusAnswer('LIEN_VERIFICATION'));
    const { router } = render('');
    expect(await screen.findByRole('heading', { name: 'liens' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/liens`);
  });

  it('replaces a step screen the status does not resolve to; leaves unrouted pages alone', async () => {
    server.on(STATUS_ROUTE, statusAnswer('CREDIT_NO_MATCH'));
    const { router } = render('/liens');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/credit/social`));

    const other = render('/document/disclosures');
    await screen.findAllByRole('heading', { name: 'disclosures' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(other.router.state.location.pathname).toBe(`/${APPLICATION_UUID}/document/disclosures`);
  });

  it('uses the flags and the client machine: a datatree miss on IN_PROGRESS goes to review-app/datatree', async () => {
    server
      .on(STATUS_ROUTE, statusAnswer('IN_PROGRESS', { datatreeNoMatch: true }))
      .on(`GET ${APPLICATION_PATH}`, { body: applicationFixture({ step: 'IN_PROGRESS' }) });
    const { router } = render('');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/review-app/datatree`),
    );
    // The profile screen may stay open under that destination (the borrower corrects the property).
    const again = render('/start/profile');
    await screen.findAllByRole('heading', { name: 'start/profile' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(again.router.state.location.pathname).toBe(`/${APPLICATION_UUID}/start/profile`);
  });

  it('advance() polls a waiting status with the processing modal, then moves on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on(
      STATUS_ROUTE,
      statusAnswer('LIEN_VERIFICATION'),
      statusAnswer('WAITING_FOR_UNDERWRITING'),
      statusAnswer('WAITING_FOR_UNDERWRITING'),
      statusAnswer('OFFER_SELECTION'),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = render('/liens');
    await screen.findByRole('heading', { name: 'liens' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Please wait' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Processing your information…');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/product/select`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The delays of the domain policy: 1000 ms, then 2000 ms.
    expect(server.callsTo(STATUS_ROUTE)).toHaveLength(4);
  });

  it('advance() reads the status anew after the write, not a poll that was asked before it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on(
      STATUS_ROUTE,
      statusAnswer('LIEN_VERIFICATION'),
      // The guard's poll, held in flight while the borrower writes: it answers the old status.
      statusAnswer('LIEN_VERIFICATION'),
      statusAnswer('WAITING_FOR_UNDERWRITING'),
      statusAnswer('OFFER_SELECTION'),
    );
    const answer = vi.mocked(fetch).getMockImplementation()!;
    let holdNextStatus = false;
    let release = () => {};
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const response = await answer(input, init);
      if (holdNextStatus && String(input).endsWith('/status')) {
        holdNextStatus = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return response;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = render('/liens');
    await screen.findByRole('heading', { name: 'liens' });
    holdNextStatus = true;
    while (server.callsTo(STATUS_ROUTE).length < 2) await act(() => vi.advanceTimersByTimeAsync(500));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Please wait' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/product/select`));
    release();
  });

  it('advance() routes on the status the write answered, without asking for it again (issue 17)', async () => {
    server.on(STATUS_ROUTE, statusAnswer('LIEN_VERIFICATION'));
    const { router } = render('/liens');
    await screen.findByRole('heading', { name: 'liens' });
    await waitFor(() => expect(server.callsTo(STATUS_ROUTE).length).toBeGreaterThan(0));
    const readsBefore = server.callsTo(STATUS_ROUTE).length;
    // What engineWrite keeps from a write's answer (lib/engine-client.ts).
    keepWriteStatus(APPLICATION_UUID, statusAnswer('OFFER_SELECTION', { liensComplete: true }).body);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/product/select`));
    expect(server.callsTo(STATUS_ROUTE)).toHaveLength(readsBefore);
  });

  it('giving up on a waiting status lands on the timeout page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on(STATUS_ROUTE, statusAnswer('LIEN_VERIFICATION'), statusAnswer('WAITING_FOR_UNDERWRITING'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = render('/liens');
    await screen.findByRole('heading', { name: 'liens' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await act(() => vi.advanceTimersByTimeAsync(70_000));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/error/timeout`));
    expect(server.callsTo(STATUS_ROUTE)).toHaveLength(1 + 14);
  });

  it('a waiting status found on arrival is polled the same way (a reload mid-wait)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on(
      STATUS_ROUTE,
      statusAnswer('WAITING_FOR_UNDERWRITING'),
      statusAnswer('WAITING_FOR_UNDERWRITING'),
      statusAnswer('DECLINED', { uwDecision: 'DECLINE', creditScoreDecline: true }),
    );
    const { router } = render('');
    expect(await screen.findByRole('dialog', { name: 'Please wait' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/error/credit`));
  });

  it('a missing application (404) during routing goes to the dashboard', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    server.on(STATUS_ROUTE, { status: 404, body: { status: 404, message: 'Application not found' } });
    render('/liens');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
  });

  it('a failure after a poll the guard started shows the error boundary', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server
      .on(STATUS_ROUTE, statusAnswer('WAITING_FOR_CREDIT'), statusAnswer('LIEN_VERIFICATION'))
      .on(
        `GET ${APPLICATION_PATH}`,
        { body: applicationFixture({ step: 'WAITING_FOR_CREDIT' }) },
        { status: 500, body: { status: 500, message: 'Something unexpected happened' } },
      );
    render('');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    // On Preact the first heading found can be replaced by a later render of the boundary: wait for
    // the one that stays.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'snag' })).toBeInTheDocument());
  });

  it('keeps a settled status fresh by the domain policy: follows the server, then stops after 7 answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on(
      STATUS_ROUTE,
      statusAnswer('LIEN_VERIFICATION'),
      statusAnswer('LIEN_VERIFICATION'),
      statusAnswer('OFFER_SELECTION'),
    );
    const { router } = render('/liens');
    await screen.findByRole('heading', { name: 'liens' });
    await act(() => vi.advanceTimersByTimeAsync(3500));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/product/select`));

    const before = server.callsTo(STATUS_ROUTE).length;
    // On the new screen the count starts again: 7 answers in all (1 + 6 refreshes), then no more.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.callsTo(STATUS_ROUTE).length - before).toBe(6);
  });

  it('a held screen stays on view while the server routes elsewhere, until the borrower leaves it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on(STATUS_ROUTE, statusAnswer('LIEN_VERIFICATION'), statusAnswer('OFFER_SELECTION'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = render('/liens');
    await screen.findByRole('heading', { name: 'liens' });
    await user.click(screen.getByRole('button', { name: 'Hold' }));
    const before = server.callsTo(STATUS_ROUTE).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/liens`);
    // Held, the guard asks nothing more.
    expect(server.callsTo(STATUS_ROUTE).length).toBe(before);

    // Opening the step again is a new visit: the guard judges it by the new status.
    await act(() => router.navigate(`/${APPLICATION_UUID}/liens`));
    await act(() => vi.advanceTimersByTimeAsync(3500));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/product/select`));
  });

  it('goTo() hands the screen it lands on to the guard, also when its loader sent it elsewhere', async () => {
    const user = userEvent.setup();
    const { router } = render('/liens');
    await screen.findByRole('heading', { name: 'liens' });
    const visited: string[] = [];
    router.subscribe((state) => {
      if (state.navigation.state === 'idle') visited.push(state.location.pathname);
    });
    await user.click(screen.getByRole('button', { name: 'Open the offers' }));
    // The loader lands goTo() on credit/social; the guard judges that screen by the status
    // (LIEN_VERIFICATION: liens) instead of waiting for a screen that never renders.
    await waitFor(() =>
      expect(visited).toEqual([`/${APPLICATION_UUID}/credit/social`, `/${APPLICATION_UUID}/liens`]),
    );
    expect(await screen.findByRole('button', { name: 'Open the offers' })).toBeEnabled();
  });

  it('a status that cannot be read shows the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.on(STATUS_ROUTE, { status: 500, body: { status: 500, message: 'Something unexpected happened' } });
    render('');
    expect(await screen.findByRole('heading', { name: 'snag' })).toBeInTheDocument();
  });
});
