/** The e-mail reads of ./api.ts as TanStack Query options. */
import { queryOptions } from '@tanstack/react-query';
import { mailApi } from './api';

/** A template rendered for an organisation (null: the member's own). */
export const templateQuery = (kind: string, orgCode: string | null) =>
  queryOptions({
    queryKey: ['mail-template', kind, orgCode],
    queryFn: () => mailApi.template(kind, orgCode),
    retry: false,
  });

/** The outbox's newest messages. */
export const outboxQuery = queryOptions({
  queryKey: ['mail-outbox', 'list'],
  queryFn: () => mailApi.outbox(),
});

export const outboxMessageQuery = (id: string) =>
  queryOptions({ queryKey: ['mail-outbox', 'message', id], queryFn: () => mailApi.message(id) });

export const applicationMailsQuery = (uuid: string) =>
  queryOptions({ queryKey: ['application-mails', uuid], queryFn: () => mailApi.applicationMails(uuid) });
