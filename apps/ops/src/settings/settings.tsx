/**
 * Organisation settings in the console (`/ops/settings`, `/ops/settings/{orgCode}` for platform staff;
 * members with ORG_SETTINGS_MANAGE): the published settings as a form (brand with the logo upload and
 * each colour's contrast with white, contact and licences, pricing and underwriting limits, hours
 * and holidays, feature flags, loan officers: loan-officers.tsx), checked
 * with the domain's own document schema before a draft is saved with its note; the versions (who,
 * when, note, state); a version's changes against the published one, its preview on the borrower
 * site, and Publish (a draft) or Roll back (an earlier published version).
 */
import { errorText } from '../api';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import {
  CLOSED_DAY,
  contrastRatio,
  SETTINGS_DEPARTMENTS,
  SETTINGS_FLAG_KEYS,
  settingsChangeLabel,
  WEEKDAY_NAMES,
  type TSettingsDepartment,
  WCAG_AA_NORMAL_TEXT,
  ZOrgSettings,
  type TOrgSettings,
  type TOrgSettingsOverview,
  type TSettingsVersion,
  type TStaffSelf,
} from '@heloc/domain';
import { navigate } from '../console/location';
import { settingsApi } from './api';
import { LoanOfficersFieldset, loanOfficersOf, officerRowsOf, type OfficerRow } from './loan-officers';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '–');
const list = (text: string) =>
  text
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);

type Field = {
  /** The document path its problems are reported under (zod issue path joined with dots). */
  path: string;
  label: string;
  description?: string;
  get: (settings: TOrgSettings) => string;
  set: (settings: TOrgSettings, value: string) => void;
  /** A check box (value 'true' or 'false') rather than a text field. */
  checkbox?: boolean;
};

const dollars = (path: 'minLineCents' | 'maxLineCents', label: string): Field => ({
  path: `pricing.${path}`,
  label,
  get: (s) => String(s.pricing[path] / 100),
  set: (s, v) => void (s.pricing[path] = Math.round(Number(v) * 100)),
});
const percent = (
  path: 'aprMinBps' | 'aprMaxBps' | 'originationFeeMaxBps' | 'dtiCapBps' | 'cltvCapBps' | 'texasCltvCapBps',
  label: string,
): Field => ({
  path: `pricing.${path}`,
  label,
  get: (s) => (s.pricing[path] / 100).toFixed(2),
  set: (s, v) => void (s.pricing[path] = Math.round(Number(v) * 100)),
});

const BRAND: Field[] = [
  {
    path: 'brand.name',
    label: 'Brand name',
    get: (s) => s.brand.name,
    set: (s, v) => void (s.brand.name = v),
  },
  {
    path: 'brand.colors.primary',
    label: 'Primary colour',
    description: '#rrggbb: buttons and links (white text on it, links on white)',
    get: (s) => s.brand.colors.primary,
    set: (s, v) => void (s.brand.colors.primary = v.trim()),
  },
  {
    path: 'brand.colors.secondary',
    label: 'Secondary colour',
    description: '#rrggbb: headings and the footer band',
    get: (s) => s.brand.colors.secondary,
    set: (s, v) => void (s.brand.colors.secondary = v.trim()),
  },
];
const CONTACT: Field[] = [
  {
    path: 'contact.companyName',
    label: 'Company name',
    get: (s) => s.contact.companyName,
    set: (s, v) => void (s.contact.companyName = v),
  },
  {
    path: 'contact.companyNMLS',
    label: 'NMLS number',
    get: (s) => s.contact.companyNMLS,
    set: (s, v) => void (s.contact.companyNMLS = v.trim()),
  },
  {
    path: 'contact.phoneFormatted',
    label: 'Customer service phone',
    description: '(888) 555-0100',
    get: (s) => s.contact.phoneFormatted,
    set: (s, v) => void (s.contact.phoneFormatted = v.trim()),
  },
  {
    path: 'contact.email',
    label: 'Customer service e-mail',
    get: (s) => s.contact.email,
    set: (s, v) => void (s.contact.email = v.trim()),
  },
  {
    path: 'contact.companyAddress.street1',
    label: 'Street',
    get: (s) => s.contact.companyAddress.street1,
    set: (s, v) => void (s.contact.companyAddress.street1 = v),
  },
  {
    path: 'contact.companyAddress.city',
    label: 'City',
    get: (s) => s.contact.companyAddress.city,
    set: (s, v) => void (s.contact.companyAddress.city = v),
  },
  {
    path: 'contact.companyAddress.state',
    label: 'State',
    get: (s) => s.contact.companyAddress.state,
    set: (s, v) => void (s.contact.companyAddress.state = v.trim().toUpperCase()),
  },
  {
    path: 'contact.companyAddress.zip',
    label: 'ZIP code',
    get: (s) => s.contact.companyAddress.zip,
    set: (s, v) => void (s.contact.companyAddress.zip = v.trim()),
  },
  {
    path: 'licensedStates',
    label: 'Licensed states',
    description: 'USPS codes, comma-separated',
    get: (s) => s.licensedStates.join(', '),
    set: (s, v) => void (s.licensedStates = list(v.toUpperCase())),
  },
];
const PRICING: Field[] = [
  dollars('minLineCents', 'Line minimum ($)'),
  dollars('maxLineCents', 'Line maximum ($)'),
  percent('aprMinBps', 'APR minimum (%)'),
  percent('aprMaxBps', 'APR maximum (%)'),
  percent('originationFeeMaxBps', 'Origination fee maximum (%)'),
  {
    path: 'pricing.creditScoreFloor',
    label: 'Credit score floor',
    get: (s) => String(s.pricing.creditScoreFloor),
    set: (s, v) => void (s.pricing.creditScoreFloor = Number(v)),
  },
  percent('dtiCapBps', 'DTI cap (%)'),
  percent('cltvCapBps', 'CLTV cap (%)'),
  percent('texasCltvCapBps', 'Texas CLTV cap (%)'),
  {
    path: 'pricing.termsYears',
    label: 'Terms (years)',
    description: 'Comma-separated, e.g. 5, 10, 15, 30',
    get: (s) => s.pricing.termsYears.join(', '),
    set: (s, v) => void (s.pricing.termsYears = list(v).map(Number)),
  },
  {
    path: 'pricing.marginAdjustmentBps',
    label: 'Margin adjustment (bps)',
    get: (s) => String(s.pricing.marginAdjustmentBps),
    set: (s, v) => void (s.pricing.marginAdjustmentBps = Number(v)),
  },
];
// Hours: one field per department and day ("HH:mm-HH:mm" or "Closed", Pacific), as the document holds them.
const HOURS: Field[] = (Object.keys(SETTINGS_DEPARTMENTS) as TSettingsDepartment[]).flatMap((department) =>
  WEEKDAY_NAMES.map((day): Field => ({
    path: `hours.${department}.${day}`,
    label: settingsChangeLabel(`hours.${department}.${day}`),
    get: (s) => s.hours[department][day],
    set: (s, v) => void (s.hours[department][day] = v.trim()),
  })),
);
const HOLIDAYS: Field = {
  path: 'holidays',
  label: 'Holidays',
  description: `Days closed (phone and chat), separated by semicolons: "yyyy-mm-dd name; …"`,
  get: (s) => s.holidays.map((holiday) => `${holiday.date} ${holiday.name}`).join('; '),
  set: (s, v) =>
    void (s.holidays = v
      .split(';')
      .map((each) => each.trim())
      .filter(Boolean)
      .map((each) => {
        const space = each.indexOf(' ');
        return space < 0
          ? { date: each, name: '' }
          : { date: each.slice(0, space), name: each.slice(space + 1).trim() };
      })),
};
// One check box per flag the platform knows: on or off for this organisation.
const FLAGS: Field[] = SETTINGS_FLAG_KEYS.map((key) => ({
  path: `featureFlags.${key}`,
  label: settingsChangeLabel(`featureFlags.${key}`),
  checkbox: true,
  get: (s) => String(s.featureFlags[key]),
  set: (s, v) => void (s.featureFlags[key] = v === 'true'),
}));
const FIELDS = [...BRAND, ...CONTACT, ...PRICING, ...HOURS, HOLIDAYS, ...FLAGS];

type Form = Record<string, string>;
const formOf = (settings: TOrgSettings): Form =>
  Object.fromEntries(FIELDS.map((field) => [field.path, field.get(settings)]));
function settingsOf(
  base: TOrgSettings,
  form: Form,
  logoSvg: string,
  officers: readonly OfficerRow[],
): TOrgSettings {
  const settings = structuredClone(base);
  for (const field of FIELDS) field.set(settings, form[field.path] ?? '');
  settings.brand.logoSvg = logoSvg;
  settings.loanOfficers = loanOfficersOf(officers);
  return settings;
}

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function Contrast({ colour }: { colour: string }) {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return null;
  const ratio = contrastRatio(colour, '#ffffff');
  const passes = ratio >= WCAG_AA_NORMAL_TEXT;
  return (
    <Group gap="xs">
      <span
        aria-hidden
        style={{
          width: 20,
          height: 20,
          background: colour,
          border: '1px solid #495057',
          display: 'inline-block',
        }}
      />
      <Text size="sm" fw={passes ? 400 : 700}>
        Contrast with white {ratio.toFixed(2)}:1{' '}
        {passes ? '(meets WCAG AA)' : `(below ${WCAG_AA_NORMAL_TEXT}:1: not allowed)`}
      </Text>
    </Group>
  );
}

export function OrgSettings({ me, orgCode }: { me: TStaffSelf; orgCode: string | null }) {
  const chosen = me.orgCode ?? orgCode;
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    if (me.orgCode === null) settingsApi.orgCodes().then(setCodes, () => setCodes([]));
  }, [me.orgCode]);
  return (
    <Stack maw={1100}>
      <Title order={2} size="h3">
        Organisation settings{chosen ? ` of ${chosen}` : ''}
      </Title>
      {me.orgCode === null && (
        <NativeSelect
          label="Organisation"
          maw={320}
          value={chosen ?? ''}
          data={[
            { value: '', label: 'Choose an organisation' },
            ...codes.map((code) => ({ value: code, label: code })),
          ]}
          onChange={(event) =>
            navigate(event.currentTarget.value ? `/settings/${event.currentTarget.value}` : '/settings')
          }
        />
      )}
      {chosen && <OrgSettingsEditor key={chosen} orgCode={chosen} />}
    </Stack>
  );
}

function OrgSettingsEditor({ orgCode }: { orgCode: string }) {
  const [overview, setOverview] = useState<TOrgSettingsOverview | null>(null);
  const [form, setForm] = useState<Form>({});
  const [logoSvg, setLogoSvg] = useState('');
  const [officers, setOfficers] = useState<OfficerRow[]>([]);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const load = useCallback(
    async (select?: number) => {
      try {
        const answer = await settingsApi.overview(orgCode);
        setOverview(answer);
        setForm(formOf(answer.published));
        setLogoSvg(answer.published.brand.logoSvg);
        setOfficers(officerRowsOf(answer.published.loanOfficers));
        if (select !== undefined) setSelected(select);
      } catch (caught) {
        setError(errorText(caught));
      }
    },
    [orgCode],
  );
  useEffect(() => void load(), [load]);

  if (!overview)
    return error ? (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    ) : (
      <Text>Loading…</Text>
    );

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const settings = settingsOf(overview.published, form, logoSvg, officers);
    const parsed = ZOrgSettings.safeParse(settings);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path.startsWith('loanOfficers')) {
          // An officer's field (loanOfficers.0.nmls) or the whole list (listed twice).
          found[path] ??= issue.message;
          continue;
        }
        const field = FIELDS.find((each) => path === each.path || path.startsWith(`${each.path}.`));
        found[field?.path ?? (path.startsWith('brand.logoSvg') ? 'logo' : 'other')] ??= issue.message;
      }
    }
    if (note.trim() === '') found.note = 'Say what changed and why';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const created = await settingsApi.saveDraft(orgCode, settings, note);
      setNote('');
      setNotice(`Draft version ${created.version} saved. Preview it, then publish it.`);
      await load(created.version);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const uploadLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setProblems((previous) => ({ ...previous, logo: '' }));
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
      const answer = await settingsApi.uploadLogo(orgCode, file.name, btoa(binary));
      setLogoSvg(answer.logoSvg);
    } catch (caught) {
      setProblems((previous) => ({ ...previous, logo: errorText(caught) }));
    }
  };

  const input = (field: Field) =>
    field.checkbox ? (
      <Checkbox
        key={field.path}
        label={field.label}
        checked={form[field.path] === 'true'}
        onChange={(event) => {
          const value = String(event.currentTarget.checked);
          setForm((previous) => ({ ...previous, [field.path]: value }));
        }}
        error={problems[field.path]}
      />
    ) : (
      <Stack key={field.path} gap={4}>
        <TextInput
          label={field.label}
          description={field.description}
          value={form[field.path] ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setForm((previous) => ({ ...previous, [field.path]: value }));
          }}
          error={problems[field.path]}
        />
        {field.path.startsWith('brand.colors.') && <Contrast colour={(form[field.path] ?? '').trim()} />}
      </Stack>
    );

  return (
    <Stack>
      <Text>
        Published: version {overview.publishedVersion}. A change is saved as a draft version; preview it on
        the borrower site, then publish it. A restart keeps what was published.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      <Card withBorder>
        <form onSubmit={(event) => void save(event)} noValidate aria-labelledby="settings-edit-title">
          <Stack gap="md">
            <Title order={3} size="h5" id="settings-edit-title">
              Change the settings
            </Title>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text fw={700}>Brand</Text>
              </legend>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>{BRAND.map(input)}</SimpleGrid>
              <Group mt="sm" align="center">
                <img src={svgSource(logoSvg)} alt="Logo as it will show" height={40} />
                <Stack gap={2}>
                  <label htmlFor="settings-logo">
                    <Text size="sm" fw={500}>
                      Upload a new logo (SVG or PNG, at most 100 KB)
                    </Text>
                  </label>
                  <input
                    id="settings-logo"
                    type="file"
                    accept=".svg,.png,image/svg+xml,image/png"
                    onChange={(event) => void uploadLogo(event)}
                  />
                  {problems.logo && (
                    <Text size="sm" c="red.9" role="alert">
                      {problems.logo}
                    </Text>
                  )}
                </Stack>
              </Group>
            </fieldset>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text fw={700}>Contact and licences</Text>
              </legend>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>{CONTACT.map(input)}</SimpleGrid>
            </fieldset>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text fw={700}>Pricing and underwriting limits</Text>
              </legend>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>{PRICING.map(input)}</SimpleGrid>
            </fieldset>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text fw={700}>Operating hours and holidays</Text>
              </legend>
              <Text size="sm" mb="xs">
                Pacific time, each day HH:mm-HH:mm (e.g. 06:00-18:00) or {CLOSED_DAY}. On a holiday both phone
                and chat answer closed.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 4 }}>{HOURS.map(input)}</SimpleGrid>
              {input(HOLIDAYS)}
            </fieldset>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text fw={700}>Feature flags</Text>
              </legend>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>{FLAGS.map(input)}</SimpleGrid>
            </fieldset>
            <LoanOfficersFieldset rows={officers} onChange={setOfficers} problems={problems} />
            {problems.other && (
              <Text c="red.9" role="alert">
                {problems.other}
              </Text>
            )}
            <Textarea
              label="Note"
              description="What changed and why (kept with the version)"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={problems.note}
              required
            />
            <Group>
              <Button type="submit">Save draft</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Title order={3} size="h5">
        Versions
      </Title>
      <Table.ScrollContainer
        minWidth={800}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Settings versions table"
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>Saved by</Table.Th>
              <Table.Th>Saved</Table.Th>
              <Table.Th>Published</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overview.versions.map((version) => (
              <Table.Tr key={version.uuid}>
                <Table.Td>{version.version}</Table.Td>
                <Table.Td>
                  {version.state === 'PUBLISHED'
                    ? 'Published'
                    : version.state === 'DRAFT'
                      ? 'Draft'
                      : 'Previously published'}
                  {version.rolledBackFrom !== null && ` (rollback to ${version.rolledBackFrom})`}
                </Table.Td>
                <Table.Td>{version.note}</Table.Td>
                <Table.Td>{version.createdBy ?? 'Seed file'}</Table.Td>
                <Table.Td>{when(version.createdAt)}</Table.Td>
                <Table.Td>
                  {version.publishedAt
                    ? `${when(version.publishedAt)} by ${version.publishedBy ?? 'seed file'}`
                    : '–'}
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => setSelected(version.version)}>
                    View version {version.version}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {selected !== null && (
        <VersionPanel
          key={`${selected}-${overview.publishedVersion}`}
          orgCode={orgCode}
          version={selected}
          onDone={async (version, text) => {
            setNotice(text);
            await load(version);
          }}
        />
      )}
    </Stack>
  );
}

const shown = (value: unknown) => {
  // Holidays are objects in a list: shown as "yyyy-mm-dd name".
  const item = (each: unknown) =>
    each !== null && typeof each === 'object' && 'date' in each && 'name' in each
      ? `${String(each.date)} ${String(each.name)}`
      : String(each);
  const text = Array.isArray(value)
    ? value.map(item).join(', ')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

function VersionPanel({
  orgCode,
  version,
  onDone,
}: {
  orgCode: string;
  version: number;
  onDone: (version: number, notice: string) => Promise<void>;
}) {
  const [detail, setDetail] = useState<TSettingsVersion | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    settingsApi.version(orgCode, version).then(setDetail, (caught: unknown) => setError(errorText(caught)));
  }, [orgCode, version]);
  if (!detail)
    return error ? (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    ) : null;

  const act = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (note.trim() === '') {
      setError('Say why in the note');
      return;
    }
    try {
      if (detail.state === 'DRAFT') {
        const published = await settingsApi.publish(orgCode, detail.version, note);
        await onDone(published.version, `Version ${published.version} is published.`);
      } else {
        const created = await settingsApi.rollBack(orgCode, detail.version, note);
        await onDone(
          created.version,
          `Rolled back to version ${detail.version}: version ${created.version} is published.`,
        );
      }
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Version {detail.version}: changes against the published version
        </Title>
        <Text size="sm">
          {detail.note} · saved by {detail.createdBy ?? 'the seed file'} on {when(detail.createdAt)}
        </Text>
        {detail.changes.length === 0 ? (
          <Text>The same as the published version.</Text>
        ) : (
          <Table aria-label={`Changes in version ${detail.version}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Setting</Table.Th>
                <Table.Th>Published</Table.Th>
                <Table.Th>Version {detail.version}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.changes.map((change) => (
                <Table.Tr key={change.path}>
                  <Table.Td>{settingsChangeLabel(change.path, detail.settings)}</Table.Td>
                  <Table.Td>{shown(change.from)}</Table.Td>
                  <Table.Td>{shown(change.to)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Anchor
          href={`/auth/login?org=${encodeURIComponent(orgCode)}&preview=${detail.version}`}
          target="_blank"
          rel="noopener"
        >
          Preview version {detail.version} on the borrower site (opens a new tab)
        </Anchor>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {detail.state !== 'PUBLISHED' && (
          <form onSubmit={(event) => void act(event)} noValidate>
            <Group align="end">
              <TextInput
                label={detail.state === 'DRAFT' ? 'Why publish it' : 'Why roll back'}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                miw={360}
              />
              <Button type="submit">
                {detail.state === 'DRAFT'
                  ? `Publish version ${detail.version}`
                  : `Roll back to version ${detail.version}`}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Card>
  );
}
