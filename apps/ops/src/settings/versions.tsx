/**
 * The settings' versions: the table of every version (who, when, note, state) and a version's panel
 * (its changes against the published one, its preview on the borrower site, and Publish for a draft
 * or Roll back for an earlier published version).
 */
import { errorText } from '../api';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { settingsChangeLabel, type TOrgSettingsOverview, type TSettingsVersion } from '@heloc/domain';
import { when } from '../console/format';
import { settingsApi } from './api';
import { settingsVersionQuery } from './queries';
import { ScrollTable } from '../scroll-table';

export function VersionsTable({
  versions,
  onView,
}: {
  versions: TOrgSettingsOverview['versions'];
  onView: (version: number) => void;
}) {
  return (
    <>
      <Title order={3} size="h5">
        Versions
      </Title>
      <ScrollTable minWidth={800} label="Settings versions table">
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
            {versions.map((version) => (
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
                  <Button size="xs" variant="default" onClick={() => onView(version.version)}>
                    View version {version.version}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
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

export function VersionPanel({
  orgCode,
  version,
  onDone,
}: {
  orgCode: string;
  version: number;
  onDone: (version: number, notice: string) => Promise<void>;
}) {
  const read = useQuery(settingsVersionQuery(orgCode, version));
  const detail = read.data ?? null;
  const [note, setNote] = useState('');
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (read.isError ? errorText(read.error) : null);
  // Publish a draft, or roll back to an earlier published version (a new version, published at once).
  const change = useMutation({
    mutationFn: async (shown: TSettingsVersion) => {
      if (shown.state === 'DRAFT') {
        const published = await settingsApi.publish(orgCode, shown.version, note);
        return { version: published.version, notice: `Version ${published.version} is published.` };
      }
      const created = await settingsApi.rollBack(orgCode, shown.version, note);
      return {
        version: created.version,
        notice: `Rolled back to version ${shown.version}: version ${created.version} is published.`,
      };
    },
    onSuccess: (done) => onDone(done.version, done.notice),
    onError: (caught) => setError(errorText(caught)),
  });
  if (!detail)
    return error ? (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    ) : null;

  const act = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (note.trim() === '') {
      setError('Say why in the note');
      return;
    }
    change.mutate(detail);
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
          <form onSubmit={act} noValidate>
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
