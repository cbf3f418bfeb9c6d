/**
 * Organisation settings in the console (`/ops/settings`, `/ops/settings/{orgCode}` for platform staff;
 * members with ORG_SETTINGS_MANAGE): the published settings as a form (brand with the logo upload and
 * each colour's contrast with white, contact and licences, pricing and underwriting limits, hours
 * and holidays, feature flags, loan officers: one file per section, *-section.tsx and
 * loan-officers.tsx; the form's text and the document: settings-form.ts), checked
 * with the domain's own document schema before a draft is saved with its note; the versions (who,
 * when, note, state); a version's changes against the published one, its preview on the borrower
 * site, and Publish (a draft) or Roll back (an earlier published version): versions.tsx.
 */
import { errorText } from '../api';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { ZOrgSettings, type TOrgSettings, type TStaffSelf } from '@heloc/domain';
import { navigate } from '../console/location';
import { settingsApi } from './api';
import { orgCodesQuery, settingsKey, settingsOverviewQuery } from './queries';
import { BrandSection, Contrast } from './brand-section';
import { ContactSection } from './contact-section';
import { FlagsSection } from './flags-section';
import { HoursSection } from './hours-section';
import { LoanOfficersFieldset, officerRowsOf, type OfficerRow } from './loan-officers';
import { PricingSection } from './pricing-section';
import type { Field } from './settings-field';
import { FIELDS, formOf, settingsOf, type Form } from './settings-form';
import { VersionPanel, VersionsTable } from './versions';

export function OrgSettings({ me, orgCode }: { me: TStaffSelf; orgCode: string | null }) {
  const chosen = me.orgCode ?? orgCode;
  const codes = useQuery({ ...orgCodesQuery, enabled: me.orgCode === null }).data ?? [];
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
  const queryClient = useQueryClient();
  const read = useQuery(settingsOverviewQuery(orgCode));
  const overview = read.data ?? null;
  const [form, setForm] = useState<Form>({});
  const [logoSvg, setLogoSvg] = useState('');
  const [officers, setOfficers] = useState<OfficerRow[]>([]);
  const [started, setStarted] = useState(false);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (read.isError ? errorText(read.error) : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  // The form holds the published settings when first read and after a draft, a publish or a
  // rollback; a read in the background (the window focused again) leaves what is being typed.
  const startForm = (published: TOrgSettings) => {
    setForm(formOf(published));
    setLogoSvg(published.brand.logoSvg);
    setOfficers(officerRowsOf(published.loanOfficers));
  };
  if (overview && !started) {
    setStarted(true);
    startForm(overview.published);
  }

  /** After a write: every read of the organisation again, the form from the published settings. */
  const reload = async (select: number) => {
    // The versions first: each one's changes are against the published settings, and its panel is
    // shown again (a new key) once the overview names the new published version.
    await queryClient.invalidateQueries({ queryKey: [...settingsKey(orgCode), 'version'] });
    const fresh = await queryClient.fetchQuery({ ...settingsOverviewQuery(orgCode), staleTime: 0 });
    startForm(fresh.published);
    setSelected(select);
  };

  const saveDraft = useMutation({
    mutationFn: (settings: TOrgSettings) => settingsApi.saveDraft(orgCode, settings, note),
    onSuccess: async (created) => {
      setNote('');
      setNotice(`Draft version ${created.version} saved. Preview it, then publish it.`);
      await reload(created.version);
    },
    onError: (caught) => setError(errorText(caught)),
  });

  if (!overview)
    return error ? (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    ) : (
      <Text>Loading…</Text>
    );

  const save = (event: FormEvent<HTMLFormElement>) => {
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
    saveDraft.mutate(settings);
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
        <form onSubmit={save} noValidate aria-labelledby="settings-edit-title">
          <Stack gap="md">
            <Title order={3} size="h5" id="settings-edit-title">
              Change the settings
            </Title>
            <BrandSection
              input={input}
              logoSvg={logoSvg}
              logoProblem={problems.logo}
              onUploadLogo={(event) => void uploadLogo(event)}
            />
            <ContactSection input={input} />
            <PricingSection input={input} />
            <HoursSection input={input} />
            <FlagsSection input={input} />
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
      <VersionsTable versions={overview.versions} onView={setSelected} />
      {selected !== null && (
        <VersionPanel
          key={`${selected}-${overview.publishedVersion}`}
          orgCode={orgCode}
          version={selected}
          onDone={async (version, text) => {
            setNotice(text);
            await reload(version).catch((caught: unknown) => setError(errorText(caught)));
          }}
        />
      )}
    </Stack>
  );
}
