import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_APPLICATION_STATUS, newApplicationDefaults } from '@heloc/domain';
import type { THelocApplicationView, TLoanOriginatorInfo } from '@heloc/domain';
import { APP_BASENAME } from '@/config/paths';
import { setApiOrgCode } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { profileFixture } from '@/testing/mock-api';
import { FIRST_IMPORT_WAIT, renderRoutes } from '@/testing/render';
import { appRoutes } from '../../router';

const APP_ID = '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';
const LO_ID = '7c1a2b3c-0000-4000-8000-000000000001';

const application = (overrides: Partial<THelocApplicationView> = {}): THelocApplicationView => ({
  ...newApplicationDefaults(),
  uuid: APP_ID,
  loanNumber: 'HL-2024-000123',
  orgCode: 'ACME',
  step: 'OFFER_SELECTION',
  term: 10,
  rate: 850,
  amount: 5_000_000,
  property: {
    uuid: '11111111-1111-4111-8111-111111111111',
    state: 'CA',
    address: { street1: '12 OAK LANE', street2: null, city: 'SAN JOSE', state: 'CA', zip: '95112' },
  },
  referrer: { referrerUuid: LO_ID },
  auditFields: { createdDate: '2024-03-04T18:00:00.000Z' },
  ...overrides,
});

const profile = profileFixture();

const loanOfficer: TLoanOriginatorInfo = {
  loanOriginatorUuid: LO_ID,
  userInfo: null,
  originatorDisplayInfo: {
    originatorName: 'Jordan Reyes',
    brokerName: null,
    avatarUri: null,
    email: 'jordan.reyes@acme.test',
    phoneNumber: '415-555-0101',
    nmls: '2104871',
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server, by path: the application answer is what each test varies. */
function serve(applicationAnswer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'https://acme.test').pathname;
      if (path.endsWith(`/application/heloc/${APP_ID}`)) return applicationAnswer();
      if (path === '/service-profile/api/v1/profile') return json(profile);
      if (path.endsWith(`/${APP_ID}/status`))
        return json({ status: 'OFFER_SELECTION', applicationStatus: EMPTY_APPLICATION_STATUS });
      if (path.startsWith('/service-lead-portal/api/lo/')) return json(loanOfficer);
      if (path.includes('/service-optimize/')) return json({ features: {} });
      return json({ status: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
}

const renderApp = (path: string) =>
  renderRoutes({ routes: appRoutes, scope: 'app', url: `${APP_BASENAME}${path}`, basename: APP_BASENAME });

beforeEach(() => {
  localStorage.setItem('jwt', 'test.jwt.token');
});

afterEach(() => {
  setApiOrgCode(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('application frame (/account/heloc/{uuid})', () => {
  it('shows the progress sidebar, the offer box and the loan officer, and routes by the status', async () => {
    serve(() => json(application()));
    const { router } = renderApp(`/${APP_ID}`);

    const progress = await screen.findByRole('region', { name: 'Application Progress' });
    const current = within(progress)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step');
    expect(current).toHaveTextContent('Select Offer (current step)');
    expect(within(progress).getByRole('region', { name: 'Your Offer Details' })).toHaveTextContent(
      'Monthly payment$619.93',
    );

    // The index moves on to the screen the server status resolves to (spec 1 §4); the step's lazy
    // module loads first, which takes a while on a busy machine.
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`${APP_BASENAME}/${APP_ID}/product/select`),
      FIRST_IMPORT_WAIT,
    );

    const card = await screen.findByRole('region', { name: 'Your Loan Officer' });
    expect(card).toHaveTextContent('NMLS #2104871');
    // Below 1200px the same officer opens from the top bar.
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Your Loan Officer' }),
    ).toBeInTheDocument();

    // The index moves on to the screen the server status resolves to (spec 1 §4).
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${APP_BASENAME}/${APP_ID}/product/select`),
    );
  });

  it('reads the application, profile, status, flags and identity in its loader, before the frame renders', async () => {
    serve(() => json(application()));
    const fetchMock = vi.mocked(fetch);
    // Whether the frame was on screen when each read went out.
    const frameShownAt = new Map<string, boolean[]>();
    const serveByPath = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'https://acme.test').pathname;
      const shown = screen.queryByRole('region', { name: 'Application Progress' }) !== null;
      frameShownAt.set(path, [...(frameShownAt.get(path) ?? []), shown]);
      return serveByPath(input, init);
    });
    const { router } = renderApp(`/${APP_ID}`);
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`${APP_BASENAME}/${APP_ID}/product/select`),
      FIRST_IMPORT_WAIT,
    );
    await screen.findByRole('region', { name: 'Application Progress' });

    // Route loader: all three went out before the frame showed; the frame, its status guard and the
    // step screen mounting right after did not read the application or the profile again.
    expect(frameShownAt.get(`/service-application/api/v1/application/heloc/${APP_ID}`)).toEqual([false]);
    expect(frameShownAt.get('/service-profile/api/v1/profile')).toEqual([false]);
    expect(frameShownAt.get(`/service-krang-heloc/borrower/secure/api/v1/${APP_ID}/status`)?.[0]).toBe(false);
  });

  it('reads the flags and the identity beside the application in its loader, not after it', async () => {
    serve(() => json(application()));
    setApiOrgCode('ACME'); // as main.tsx does from the page's organisation
    const fetchMock = vi.mocked(fetch);
    const serveByPath = fetchMock.getMockImplementation()!;
    const requested: string[] = [];
    // What had been asked for when the application's answer went back: the application is held
    // (up to a second) until the flags and the identity have been asked for too.
    let askedBeforeApplicationAnswer: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'https://acme.test').pathname;
      requested.push(path);
      if (path.endsWith(`/application/heloc/${APP_ID}`) && askedBeforeApplicationAnswer.length === 0) {
        const asked = () =>
          requested.includes('/service-optimize/heloc/api/v1/features') &&
          requested.includes('/identity/secure/api/v1/identity');
        for (let waited = 0; !asked() && waited < 1000; waited += 20) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        askedBeforeApplicationAnswer = [...requested];
      }
      return serveByPath(input, init);
    });
    renderApp(`/${APP_ID}`);
    await screen.findByRole('region', { name: 'Application Progress' });

    // The maintenance gate holds every screen until the flags are known, and the shell's top bar
    // waits for the identity: each was one more round trip after the loader's reads on a phone.
    expect(askedBeforeApplicationAnswer).toContain('/service-optimize/heloc/api/v1/features');
    expect(askedBeforeApplicationAnswer).toContain('/identity/secure/api/v1/identity');
  });

  it('reads the offers of the offer screen in its route loader, beside the frame, once', async () => {
    serve(() => json(application()));
    const fetchMock = vi.mocked(fetch);
    const frameShownAt: boolean[] = [];
    const serveByPath = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'https://acme.test').pathname;
      if (!path.endsWith(`/${APP_ID}/offers`)) return serveByPath(input, init);
      frameShownAt.push(screen.queryByRole('region', { name: 'Application Progress' }) !== null);
      return json({
        status: 'OFFER_SELECTION',
        maxLineCents: 302_500_00,
        minLineCents: 15_000_00,
        selectedAmountCents: 0,
        offers: [
          {
            uuid: '11111111-1111-4111-8111-000000000010',
            termYears: 10,
            rateBps: 950,
            originationFeeBps: 0,
            originationFeeCents: 0,
            aprBps: 950,
            monthlyPaymentCents: 0,
            selected: false,
          },
        ],
      });
    });
    renderApp(`/${APP_ID}/product/select`);
    await screen.findByRole('region', { name: 'Application Progress' });
    await screen.findByRole('heading', { level: 1, name: 'Select Offer' });
    // Asked before the frame (and so the screen) rendered; the screen mounting did not ask again.
    expect(frameShownAt).toEqual([false]);
  });

  it('hides the offer box until an offer is selected', async () => {
    serve(() => json(application({ step: 'IN_PROGRESS', term: 0, rate: 0, amount: 0 })));
    renderApp(`/${APP_ID}`);
    await screen.findByRole('region', { name: 'Application Progress' });
    expect(screen.queryByRole('region', { name: 'Your Offer Details' })).not.toBeInTheDocument();
  });

  it('sends an application that goes missing after the page has loaded (404) to the dashboard', async () => {
    // On arrival the loader redirects a missing one (application-loader.test.ts); the frame covers the
    // answer read later, e.g. after the borrower's access was removed.
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    let missing = false;
    serve(() =>
      missing ? json({ status: 'NOT_FOUND', message: 'Application not found' }, 404) : json(application()),
    );
    const { queryClient } = renderApp(`/${APP_ID}`);
    await screen.findByRole('region', { name: 'Application Progress' });
    expect(replace).not.toHaveBeenCalled();
    missing = true;
    await queryClient.refetchQueries({ queryKey: ['application', APP_ID] });
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'), { timeout: 5_000 });
  });

  it('shows the error fallback when the application cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(() => json({ status: 'INTERNAL', message: 'boom' }, 500));
    renderApp(`/${APP_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Sorry, looks like we have hit a snag!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('treats a segment that is not a UUID as an unknown page, even for visitors', async () => {
    localStorage.removeItem('jwt');
    serve(() => json(application()));
    renderApp('/not-an-application');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
