import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PRICING,
  type TOrgSettings,
  type TOrgSettingsOverview,
  type TSettingsVersion,
  type TStaffSelf,
} from '@heloc/domain';
import { settingsApi } from './api';
import { OrgSettings } from './settings';

vi.mock('./api', () => ({
  settingsApi: {
    orgCodes: vi.fn(),
    overview: vi.fn(),
    version: vi.fn(),
    saveDraft: vi.fn(),
    publish: vi.fn(),
    rollBack: vi.fn(),
    uploadLogo: vi.fn(),
  },
}));

const WEEK = {
  Monday: '06:00-18:00',
  Tuesday: '06:00-18:00',
  Wednesday: '06:00-18:00',
  Thursday: '06:00-18:00',
  Friday: '06:00-18:00',
  Saturday: '08:00-14:00',
  Sunday: 'Closed',
};

const PUBLISHED: TOrgSettings = {
  brand: {
    name: 'Acme Lending',
    colors: { primary: '#0b5fa5', secondary: '#0a2540' },
    logoSvg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60"><rect width="240" height="60" fill="#0b5fa5"/></svg>',
  },
  contact: {
    companyName: 'Acme Lending, Inc.',
    companyNameShort: 'Acme',
    companyProduct: 'Acme HELOC',
    companyNMLS: '123456',
    companyNmlsURL: 'https://www.nmlsconsumeraccess.org/',
    termsOfUseUrl: '/terms',
    privacyPolicyUrl: '/privacy',
    privacyLinkIsExternal: false,
    licensesUrl: '/licenses',
    companyLegalUrl: '/legal',
    footerImage: 'EHL',
    disclosureCopy: '',
    companyAddress: { street1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' },
    phoneFormatted: '(888) 555-0100',
    email: 'help@acme.example.com',
    organization: 'a California corporation',
    extraFooterUrls: [],
  },
  licensedStates: ['CA', 'TX'],
  pricing: { ...DEFAULT_PRICING },
  hours: { OPS_PHONE: WEEK, OPS_CHAT: WEEK },
  holidays: [],
  featureFlags: {
    'fe-webchat': true,
    'fe-heloc-maintenance': false,
    'fe-heloc-additional-signer-conditions': false,
    'fe-portfolio-manager': false,
    'fe-heloc-broker-identity': false,
    'fe-webchat-borrower-auth': true,
  },
  loanOfficers: [],
};

const summary = (version: number, state: TSettingsVersion['state']) => ({
  uuid: `v${version}`,
  version,
  state,
  note: `Note ${version}`,
  createdBy: version === 1 ? null : 'admin@heloc.test',
  createdAt: '2026-11-20T10:00:00.000Z',
  publishedBy: null,
  publishedAt: state === 'DRAFT' ? null : '2026-11-20T10:00:00.000Z',
  rolledBackFrom: null,
});

const admin: TStaffSelf = {
  identityUuid: 'a0000000-0000-4000-8000-000000000001',
  email: 'admin@acme.test',
  name: 'Admin',
  orgCode: 'ACME',
  roles: ['ORG_ADMIN'],
  permissions: ['OPS_APP', 'ORG_SETTINGS_MANAGE'],
  loanOriginatorUuid: null,
};

/** The server as the test sees it: the published settings and the versions, changed by the writes. */
let published: TOrgSettings;
let versions: ReturnType<typeof summary>[];
let drafts: Map<number, TOrgSettings>;

beforeEach(() => {
  vi.clearAllMocks();
  published = PUBLISHED;
  versions = [summary(1, 'PUBLISHED')];
  drafts = new Map();
  vi.mocked(settingsApi.overview).mockImplementation(async (): Promise<TOrgSettingsOverview> => ({
    orgCode: 'ACME',
    publishedVersion: versions.find((each) => each.state === 'PUBLISHED')!.version,
    published,
    versions: [...versions],
  }));
  vi.mocked(settingsApi.version).mockImplementation(async (_org, version) => {
    const settings = drafts.get(version) ?? published;
    const changed = settings.brand.colors.primary !== published.brand.colors.primary;
    return {
      ...versions.find((each) => each.version === version)!,
      settings,
      changes: changed
        ? [
            {
              path: 'brand.colors.primary',
              from: published.brand.colors.primary,
              to: settings.brand.colors.primary,
            },
          ]
        : [],
    };
  });
  vi.mocked(settingsApi.saveDraft).mockImplementation(async (_org, settings) => {
    drafts.set(2, settings);
    versions = [...versions, summary(2, 'DRAFT')];
    return { ...summary(2, 'DRAFT'), settings, changes: [] };
  });
  vi.mocked(settingsApi.publish).mockImplementation(async (_org, version) => {
    published = drafts.get(version)!;
    versions = versions.map((each) =>
      each.version === version
        ? { ...each, state: 'PUBLISHED' }
        : { ...each, state: 'PREVIOUSLY_PUBLISHED' as const },
    );
    return { ...summary(version, 'PUBLISHED'), settings: published, changes: [] };
  });
});

function show() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OrgSettings me={admin} orgCode={null} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('organisation settings', () => {
  it('a draft is saved and published: the versions and the form are read again after each write', async () => {
    const user = userEvent.setup();
    show();
    expect(screen.getByText('Loading…')).toBeVisible();
    const primary = await screen.findByLabelText('Primary colour');
    expect(primary).toHaveValue('#0b5fa5');

    await user.clear(primary);
    await user.type(primary, '#1f4e79');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Say what changed and why')).toBeVisible();
    expect(settingsApi.saveDraft).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Note', { exact: false }), 'Darker blue');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Draft version 2 saved. Preview it, then publish it.',
    );
    const [, saved, note] = vi.mocked(settingsApi.saveDraft).mock.calls[0]!;
    expect(saved.brand.colors.primary).toBe('#1f4e79');
    expect(note).toBe('Darker blue');
    // The draft's panel: its changes against the published version; the form is the published one again.
    const changes = await screen.findByRole('table', { name: 'Changes in version 2' });
    expect(changes).toHaveTextContent('#1f4e79');
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#0b5fa5');
    expect(settingsApi.overview).toHaveBeenCalledTimes(2);

    await user.type(screen.getByLabelText('Why publish it'), 'Approved');
    await user.click(screen.getByRole('button', { name: 'Publish version 2' }));
    expect(await screen.findByText('Version 2 is published.')).toBeVisible();
    expect(settingsApi.publish).toHaveBeenCalledWith('ACME', 2, 'Approved');
    // Version 2 read again against the new published settings: no changes, nothing to publish.
    expect(await screen.findByText('The same as the published version.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Publish version 2' })).toBeNull();
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#1f4e79');
    expect(screen.getByRole('row', { name: /^2 Published/ })).toBeVisible();
  });

  it('a failed read says why instead of the form', async () => {
    vi.mocked(settingsApi.overview).mockRejectedValue(new Error('Organisation not found'));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Organisation not found');
    expect(screen.queryByLabelText('Primary colour')).toBeNull();
  });
});
