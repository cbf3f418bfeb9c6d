/**
 * The pipeline (/ops/applications): the organisation's applications, filtered and searched on the
 * server, a keyset page at a time ("Load more"). A loan officer sees their own borrowers (the
 * server decides); a member who reads every application and has an originator record starts with
 * "My borrowers only" on.
 */
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  PIPELINE_STEP_GROUPS,
  PIPELINE_STEP_GROUP_LABELS,
  US_STATES,
  formatCurrency,
  type TStaffSelf,
} from '@heloc/domain';
import { consoleApi, filtersFromSearch, pipelineSearch, type PipelineFilters } from './api';
import { DownloadCsv } from './export-buttons';
import { onLinkClick } from './location';
import { ScrollTable } from '../scroll-table';

const SORTS: { value: PipelineFilters['sort']; label: string }[] = [
  { value: 'updatedAt', label: 'Updated' },
  { value: 'createdAt', label: 'Created' },
  { value: 'stepChangedAt', label: 'Days in step' },
  { value: 'amount', label: 'Amount' },
  { value: 'loanNumber', label: 'Loan number' },
];

function initialFilters(me: TStaffSelf): PipelineFilters {
  return {
    q: '',
    group: [],
    state: '',
    orgCode: '',
    mine: me.loanOriginatorUuid !== null,
    stalledDays: '',
    openConditions: '',
    createdFrom: '',
    createdTo: '',
    updatedFrom: '',
    updatedTo: '',
    sort: 'updatedAt',
    dir: 'desc',
  };
}

export function Pipeline({ me }: { me: TStaffSelf }) {
  // The form edits a draft; "Apply" (or Enter) makes it the query, so typing does not fetch per key.
  const [draft, setDraft] = useState<PipelineFilters>(() => initialFilters(me));
  const [filters, setFilters] = useState<PipelineFilters>(draft);
  const readsAll = me.permissions.includes('APPLICATIONS_READ');
  const search = pipelineSearch(filters, me.loanOriginatorUuid, null);
  const pages = useInfiniteQuery({
    queryKey: ['pipeline', search],
    queryFn: ({ pageParam }) =>
      consoleApi.pipeline(pipelineSearch(filters, me.loanOriginatorUuid, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const set =
    <K extends keyof PipelineFilters>(key: K) =>
    (value: PipelineFilters[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters(draft);
  };
  const reset = () => {
    const fresh = initialFilters(me);
    setDraft(fresh);
    setFilters(fresh);
  };

  return (
    <Stack>
      <Title order={2} size="h3">
        Applications
      </Title>
      <SavedViews
        current={pipelineSearch(filters, me.loanOriginatorUuid, null).replace(/&?limit=\d+/, '')}
        onChoose={(query) => {
          const chosen = filtersFromSearch(query, initialFilters(me));
          setDraft(chosen);
          setFilters(chosen);
        }}
      />
      <form onSubmit={apply} aria-label="Pipeline filters">
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Search"
              description="Borrower name, e-mail, loan number or property address"
              value={draft.q}
              onChange={(event) => set('q')(event.currentTarget.value)}
              w={340}
            />
            <MultiSelect
              label="Step group"
              data={PIPELINE_STEP_GROUPS.map((group) => ({
                value: group,
                label: PIPELINE_STEP_GROUP_LABELS[group],
              }))}
              value={draft.group}
              onChange={set('group')}
              clearable
              w={260}
            />
            <NativeSelect
              label="Property state"
              data={[
                { value: '', label: 'Any state' },
                ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name })),
              ]}
              value={draft.state}
              onChange={(event) => set('state')(event.currentTarget.value)}
            />
            <NativeSelect
              label="Open conditions"
              data={[
                { value: '', label: 'Any' },
                { value: 'true', label: 'Has open conditions' },
                { value: 'false', label: 'None open' },
              ]}
              value={draft.openConditions}
              onChange={(event) =>
                set('openConditions')(event.currentTarget.value as PipelineFilters['openConditions'])
              }
            />
            <TextInput
              label="Stalled for days"
              description="No step change for at least"
              inputMode="numeric"
              value={draft.stalledDays}
              onChange={(event) => set('stalledDays')(event.currentTarget.value.replace(/\D/g, ''))}
              w={150}
            />
          </Group>
          <Group align="flex-end" gap="sm">
            <TextInput
              type="date"
              label="Created from"
              value={draft.createdFrom}
              onChange={(e) => set('createdFrom')(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Created to"
              value={draft.createdTo}
              onChange={(e) => set('createdTo')(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Updated from"
              value={draft.updatedFrom}
              onChange={(e) => set('updatedFrom')(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Updated to"
              value={draft.updatedTo}
              onChange={(e) => set('updatedTo')(e.currentTarget.value)}
            />
            <NativeSelect
              label="Sort by"
              data={SORTS}
              value={draft.sort}
              onChange={(e) => set('sort')(e.currentTarget.value as PipelineFilters['sort'])}
            />
            <NativeSelect
              label="Order"
              data={[
                { value: 'desc', label: 'Descending' },
                { value: 'asc', label: 'Ascending' },
              ]}
              value={draft.dir}
              onChange={(e) => set('dir')(e.currentTarget.value as PipelineFilters['dir'])}
            />
            {me.orgCode === null && (
              <TextInput
                label="Organisation code"
                value={draft.orgCode}
                onChange={(e) => set('orgCode')(e.currentTarget.value)}
                w={180}
              />
            )}
          </Group>
          <Group gap="sm">
            {readsAll && me.loanOriginatorUuid && (
              <Checkbox
                label="My borrowers only"
                checked={draft.mine}
                onChange={(e) => set('mine')(e.currentTarget.checked)}
              />
            )}
            {!readsAll && <Text size="sm">Showing your own borrowers.</Text>}
            <Button type="submit">Apply filters</Button>
            <Button variant="default" onClick={reset}>
              Reset
            </Button>
            <DownloadCsv search={search} />
          </Group>
        </Stack>
      </form>

      {pages.isError && (
        <Alert color="red" role="alert">
          {pages.error instanceof Error ? pages.error.message : 'The pipeline could not be loaded'}
        </Alert>
      )}
      <ScrollTable label="Applications table" minWidth={900}>
        <Table striped highlightOnHover aria-label="Applications" aria-busy={pages.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Borrower</Table.Th>
              <Table.Th scope="col">Loan number</Table.Th>
              <Table.Th scope="col">Property state</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col">Step</Table.Th>
              <Table.Th scope="col">Days in step</Table.Th>
              <Table.Th scope="col">Loan officer</Table.Th>
              <Table.Th scope="col">Open conditions</Table.Th>
              <Table.Th scope="col">Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.uuid} data-testid="pipeline-row">
                <Table.Td>
                  <Anchor
                    href={`/ops/applications/${item.uuid}`}
                    onClick={onLinkClick(`/applications/${item.uuid}`)}
                  >
                    {item.borrowerName}
                  </Anchor>
                  <Text size="xs">{item.email}</Text>
                </Table.Td>
                <Table.Td>{item.loanNumber}</Table.Td>
                <Table.Td>{item.propertyState ?? '–'}</Table.Td>
                <Table.Td>{item.amountCents > 0 ? formatCurrency(item.amountCents) : '–'}</Table.Td>
                <Table.Td>{item.stepLabel}</Table.Td>
                <Table.Td>{item.daysInStep}</Table.Td>
                <Table.Td>{item.loanOfficer?.name ?? '–'}</Table.Td>
                <Table.Td>{item.openConditions}</Table.Td>
                <Table.Td>{new Date(item.updatedAt).toLocaleString('en-US')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {pages.isSuccess && items.length === 0 && <Text>No applications match these filters.</Text>}
      <Text size="sm" role="status">
        {pages.isPending ? 'Loading…' : `${items.length} shown${pages.hasNextPage ? ', more to load' : ''}`}
      </Text>
      {pages.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
          w="fit-content"
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}

/** The member's saved views: choose one to apply it, save the applied filters under a name, delete one. */
function SavedViews({ current, onChoose }: { current: string; onChoose: (query: string) => void }) {
  const queryClient = useQueryClient();
  const views = useQuery({ queryKey: ['views'], queryFn: consoleApi.views });
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['views'] });
  const save = useMutation({
    mutationFn: () => consoleApi.saveView(name.trim(), current),
    onSuccess: async (view) => {
      setName('');
      setChosen(view.uuid);
      await refresh();
    },
    onError: (caught) => setError(caught instanceof Error ? caught.message : 'The view could not be saved'),
  });
  const remove = useMutation({
    mutationFn: (uuid: string) => consoleApi.deleteView(uuid),
    onSuccess: async () => {
      setChosen('');
      await refresh();
    },
  });
  const items = views.data?.items ?? [];
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Saved view"
        data={[
          { value: '', label: 'Choose a view' },
          ...items.map((view) => ({ value: view.uuid, label: view.name })),
        ]}
        value={chosen}
        onChange={(event) => {
          const uuid = event.currentTarget.value;
          setChosen(uuid);
          const view = items.find((each) => each.uuid === uuid);
          if (view) onChoose(view.query);
        }}
      />
      {chosen && (
        <Button variant="default" onClick={() => remove.mutate(chosen)} loading={remove.isPending}>
          Delete view
        </Button>
      )}
      <form
        aria-label="Save view"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          if (!name.trim()) return setError('Required');
          save.mutate();
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Save the applied filters as"
            value={name}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={save.isPending}>
            Save view
          </Button>
        </Group>
      </form>
    </Group>
  );
}
