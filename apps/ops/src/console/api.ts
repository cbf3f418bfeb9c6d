/** The lender console's calls: the pipeline, the application file, its timeline and documents. */
import {
  ZApplicationFile,
  ZChatTranscripts,
  ZRevealAnswer,
  ZStaffNote,
  ZStaffNotes,
  ZWorkItems,
  ZSavedView,
  ZSavedViews,
  ZConsoleCondition,
  ZPipelinePage,
  ZStaffDecision,
  ZStaffDecisions,
  ZTimeline,
  type TPipelineQueryInput,
  type TRevealRequest,
  type TWorkItemCompleteRequest,
  type TWorkItemKind,
  type TApiWriteBody,
  type TStaffDecisionRequest,
  type TTimelineKind,
} from '@heloc/domain';
import { call, fetchFile, showFile, write } from '../api';

const BASE = '/service-ops/api/v1/applications';

/** Filters as the pipeline form keeps them (strings; empty = not filtered). */
export type PipelineFilters = {
  q: string;
  group: string[];
  state: string;
  orgCode: string;
  mine: boolean;
  stalledDays: string;
  openConditions: '' | 'true' | 'false';
  createdFrom: string;
  createdTo: string;
  updatedFrom: string;
  updatedTo: string;
  sort: NonNullable<TPipelineQueryInput['sort']>;
  dir: NonNullable<TPipelineQueryInput['dir']>;
};

/** The query string of one page (the filters that are set, and the cursor of the page before). */
export function pipelineSearch(
  filters: PipelineFilters,
  loanOriginatorUuid: string | null,
  cursor: string | null,
): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q.length >= 2) params.set('q', q);
  if (filters.group.length > 0) params.set('group', filters.group.join(','));
  if (filters.state) params.set('state', filters.state);
  if (filters.orgCode.trim()) params.set('orgCode', filters.orgCode.trim().toUpperCase());
  if (filters.mine && loanOriginatorUuid) params.set('loanOfficer', loanOriginatorUuid);
  if (/^\d+$/.test(filters.stalledDays) && Number(filters.stalledDays) > 0)
    params.set('stalledDays', filters.stalledDays);
  if (filters.openConditions) params.set('openConditions', filters.openConditions);
  for (const key of ['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'] as const)
    if (filters[key]) params.set(key, filters[key]);
  params.set('sort', filters.sort);
  params.set('dir', filters.dir);
  params.set('limit', '25');
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The filters a saved view's query string holds (the inverse of pipelineSearch, without a cursor). */
export function filtersFromSearch(query: string, base: PipelineFilters): PipelineFilters {
  const params = new URLSearchParams(query);
  const text = (key: string) => params.get(key) ?? '';
  const sort = text('sort');
  const dir = text('dir');
  const open = text('openConditions');
  return {
    ...base,
    q: text('q'),
    group: text('group').split(',').filter(Boolean),
    state: text('state'),
    orgCode: text('orgCode'),
    mine: params.has('loanOfficer'),
    stalledDays: text('stalledDays'),
    openConditions: open === 'true' || open === 'false' ? open : '',
    createdFrom: text('createdFrom'),
    createdTo: text('createdTo'),
    updatedFrom: text('updatedFrom'),
    updatedTo: text('updatedTo'),
    sort:
      (['updatedAt', 'createdAt', 'stepChangedAt', 'amount', 'loanNumber'] as const).find(
        (s) => s === sort,
      ) ?? 'updatedAt',
    dir: dir === 'asc' ? 'asc' : 'desc',
  };
}

export type ConditionAction = 'clear' | 'waive' | 'reopen';
type ConditionWrite<A extends ConditionAction = ConditionAction> =
  `POST /service-ops/api/v1/applications/:uuid/conditions/:conditionUuid/${A}`;

export const consoleApi = {
  views: () => call('GET', `${BASE}/views`, ZSavedViews),
  saveView: (name: string, query: string) =>
    write('POST /service-ops/api/v1/applications/views', { name, query }, ZSavedView),
  // 204 without a body: no schema, since a schema asks the client for a body.
  deleteView: (uuid: string) => call('DELETE', `${BASE}/views/${uuid}`, null),
  /** The body is the one of `action` (clear: the evidence; waive and reopen: the reason). */
  changeCondition: <A extends ConditionAction>(
    applicationUuid: string,
    conditionUuid: string,
    action: A,
    body: TApiWriteBody<ConditionWrite<A>>,
  ) =>
    // The generic key is resolved here once; the signature above already ties the body to the action.
    write(
      `POST /service-ops/api/v1/applications/:uuid/conditions/:conditionUuid/${action}` as ConditionWrite,
      body as TApiWriteBody<ConditionWrite>,
      ZConsoleCondition,
      {
        params: { uuid: applicationUuid, conditionUuid },
      },
    ),
  decisions: (applicationUuid: string) =>
    call('GET', `${BASE}/${applicationUuid}/decisions`, ZStaffDecisions),
  /** Taken at once or proposed for a second member, as the member's roles and the decision say. */
  decide: (applicationUuid: string, body: TStaffDecisionRequest) =>
    write('POST /service-ops/api/v1/applications/:uuid/decisions', body, ZStaffDecision, {
      params: { uuid: applicationUuid },
    }),
  reviewDecision: (
    applicationUuid: string,
    decisionUuid: string,
    review: { kind: 'approve' } | { kind: 'reject'; reason: string },
  ) =>
    review.kind === 'reject'
      ? write(
          'POST /service-ops/api/v1/applications/:uuid/decisions/:decisionUuid/reject',
          { reason: review.reason },
          ZStaffDecision,
          { params: { uuid: applicationUuid, decisionUuid } },
        )
      : write(
          'POST /service-ops/api/v1/applications/:uuid/decisions/:decisionUuid/approve',
          {},
          ZStaffDecision,
          {
            params: { uuid: applicationUuid, decisionUuid },
          },
        ),
  /** The full SSN or account number: audited on the server with the reason. */
  reveal: (applicationUuid: string, body: TRevealRequest) =>
    write('POST /service-ops/api/v1/applications/:uuid/reveal', body, ZRevealAnswer, {
      params: { uuid: applicationUuid },
    }),
  notes: (applicationUuid: string) => call('GET', `${BASE}/${applicationUuid}/notes`, ZStaffNotes),
  addNote: (applicationUuid: string, body: string) =>
    write('POST /service-ops/api/v1/applications/:uuid/notes', { body }, ZStaffNote, {
      params: { uuid: applicationUuid },
    }),
  workItems: (applicationUuid: string) => call('GET', `${BASE}/${applicationUuid}/work-items`, ZWorkItems),
  completeWorkItem: (applicationUuid: string, kind: TWorkItemKind, body: TWorkItemCompleteRequest) =>
    write('POST /service-ops/api/v1/applications/:uuid/work-items/:kind/complete', body, ZWorkItems, {
      params: { uuid: applicationUuid, kind },
    }),
  chats: (applicationUuid: string) => call('GET', `${BASE}/${applicationUuid}/chats`, ZChatTranscripts),
  pipeline: (search: string) => call('GET', `${BASE}?${search}`, ZPipelinePage),
  file: (uuid: string) => call('GET', `${BASE}/${uuid}`, ZApplicationFile),
  timeline: (uuid: string, kinds: readonly TTimelineKind[]) =>
    call('GET', `${BASE}/${uuid}/timeline${kinds.length > 0 ? `?kind=${kinds.join(',')}` : ''}`, ZTimeline),
  /** A document through the staff route, viewed in a new tab or saved under its name. */
  async document(path: string, mode: 'view' | 'download', fileName: string): Promise<void> {
    const { blob } = await fetchFile(
      `${path}${mode === 'download' ? '?download=true' : ''}`,
      'The document could not be opened',
      { serverMessage: false },
    );
    showFile(blob, mode === 'view' ? 'open' : { save: fileName });
  },
};
