/** The lender console's calls: the pipeline, the application file, its timeline and documents. */
import { z } from 'zod';
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
  type TStaffDecisionRequest,
  type TTimelineKind,
} from '@heloc/domain';
import { DeskError, call, storedToken } from '../api';

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

export const consoleApi = {
  views: () => call('GET', `${BASE}/views`, ZSavedViews),
  saveView: (name: string, query: string) =>
    call('POST', `${BASE}/views`, ZSavedView, { body: { name, query } }),
  deleteView: (uuid: string) => call('DELETE', `${BASE}/views/${uuid}`, z.null().or(z.unknown())),
  changeCondition: (
    applicationUuid: string,
    conditionUuid: string,
    action: ConditionAction,
    body: { documentUuid: string; note?: string } | { reason: string },
  ) =>
    call('POST', `${BASE}/${applicationUuid}/conditions/${conditionUuid}/${action}`, ZConsoleCondition, {
      body,
    }),
  decisions: (applicationUuid: string) =>
    call('GET', `${BASE}/${applicationUuid}/decisions`, ZStaffDecisions),
  /** Taken at once or proposed for a second member, as the member's roles and the decision say. */
  decide: (applicationUuid: string, body: TStaffDecisionRequest) =>
    call('POST', `${BASE}/${applicationUuid}/decisions`, ZStaffDecision, { body }),
  reviewDecision: (
    applicationUuid: string,
    decisionUuid: string,
    review: { kind: 'approve' } | { kind: 'reject'; reason: string },
  ) =>
    call('POST', `${BASE}/${applicationUuid}/decisions/${decisionUuid}/${review.kind}`, ZStaffDecision, {
      body: review.kind === 'reject' ? { reason: review.reason } : {},
    }),
  /** The full SSN or account number: audited on the server with the reason. */
  reveal: (applicationUuid: string, body: TRevealRequest) =>
    call('POST', `${BASE}/${applicationUuid}/reveal`, ZRevealAnswer, { body }),
  notes: (applicationUuid: string) => call('GET', `${BASE}/${applicationUuid}/notes`, ZStaffNotes),
  addNote: (applicationUuid: string, body: string) =>
    call('POST', `${BASE}/${applicationUuid}/notes`, ZStaffNote, { body: { body } }),
  workItems: (applicationUuid: string) => call('GET', `${BASE}/${applicationUuid}/work-items`, ZWorkItems),
  completeWorkItem: (applicationUuid: string, kind: TWorkItemKind, body: TWorkItemCompleteRequest) =>
    call('POST', `${BASE}/${applicationUuid}/work-items/${kind}/complete`, ZWorkItems, { body }),
  chats: (applicationUuid: string) => call('GET', `${BASE}/${applicationUuid}/chats`, ZChatTranscripts),
  pipeline: (search: string) => call('GET', `${BASE}?${search}`, ZPipelinePage),
  file: (uuid: string) => call('GET', `${BASE}/${uuid}`, ZApplicationFile),
  timeline: (uuid: string, kinds: readonly TTimelineKind[]) =>
    call('GET', `${BASE}/${uuid}/timeline${kinds.length > 0 ? `?kind=${kinds.join(',')}` : ''}`, ZTimeline),
  /** A document through the staff route (the token is a header, so a plain link cannot carry it). */
  async document(path: string, mode: 'view' | 'download', fileName: string): Promise<void> {
    const headers = new Headers();
    const jwt = storedToken();
    if (jwt) headers.set('Authorization', `Bearer ${jwt}`);
    const response = await fetch(`${path}${mode === 'download' ? '?download=true' : ''}`, {
      headers,
      credentials: 'include',
    });
    if (!response.ok) throw new DeskError(response.status, 'The document could not be opened');
    const url = URL.createObjectURL(await response.blob());
    if (mode === 'view') window.open(url, '_blank', 'noopener');
    else {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};
