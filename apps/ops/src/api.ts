/**
 * The desk's HTTP calls: staff sign-in (the platform's identity service) and the desk/chat calls, on
 * the shared client (@heloc/api-client) with the console's own token store, chat header and errors.
 * Calls give up after the shared 30 s timeout like the borrower app's (a console left waiting on a
 * hung connection helps nobody); file downloads have no timeout.
 */
import { z } from 'zod';
import { createHttpClient, getFile, isRecord, type CallOptions, type HttpFailure } from '@heloc/api-client';
import {
  downloadChatAttachment,
  type TApiWrite,
  type TApiWriteBody,
  type TApiWriteParamsOption,
  type TPathParamNames,
  ZChatConversationState,
  ZChatMessage,
  ZDeskConversation,
  ZStaffMember,
  ZStaffRole,
  ZStaffSelf,
  type TStaffRole,
} from '@heloc/domain';

const TOKEN_KEY = 'ops_jwt';

/** What a failed call says on screen: the server's message, or a generic line for anything else. */
export const errorText = (caught: unknown): string =>
  caught instanceof Error ? caught.message : 'Something unexpected happened';

export class DeskError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
  }
}

/** Whether the error's details carry this flag (twoFactorRequired, twoFactorSetupRequired). */
export function errorFlag(error: unknown, flag: string): boolean {
  return (
    error instanceof DeskError &&
    typeof error.details === 'object' &&
    error.details !== null &&
    (error.details as Record<string, unknown>)[flag] === true
  );
}

export function storedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

interface DeskOptions extends CallOptions {
  chatToken?: string;
  /** The Accept header; JSON unless said otherwise. */
  accept?: string;
  /** A refusal's text when the server gives none; the answer's status text without it. */
  fallback?: string;
  /** False: a refusal always says `fallback`, whatever the server's message. */
  serverMessage?: boolean;
}

/**
 * A refused answer as the console's error: the server's message (unless asked not to show it), else
 * the fallback or the status text, with the body's details. The client's own failures (no answer,
 * timeout, an answer that is not the expected JSON) keep the client's text.
 */
function deskError(failure: HttpFailure, options: DeskOptions): DeskError {
  if (!failure.response || failure.response.ok) return new DeskError(failure.status, failure.message);
  const body = options.serverMessage !== false && isRecord(failure.data) ? failure.data : null;
  const message = typeof body?.message === 'string' ? body.message : undefined;
  return new DeskError(
    failure.status,
    message ?? options.fallback ?? failure.response.statusText,
    body?.details ?? null,
  );
}

const client = createHttpClient<DeskOptions, DeskError>({
  tokenStore: { get: storedToken, set: (token) => sessionStorage.setItem(TOKEN_KEY, token) },
  headers: (_path, options) => ({
    Accept: options.accept ?? 'application/json',
    ...(options.chatToken && { 'x-chat-token': options.chatToken }),
  }),
  makeError: deskError,
});

export function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: z.ZodType<T> | null,
  { body, chatToken }: { body?: unknown; chatToken?: string } = {},
): Promise<T> {
  return client.request(method, path, body, {
    ...(schema && { schema }),
    ...(chatToken !== undefined && { chatToken }),
  }) as Promise<T>;
}

/**
 * A file the console's client fetches (the token is a header, so a plain link cannot carry it), with
 * the name the server gives it (content-disposition), if any. A failed answer is a DeskError with the
 * server's message, or `failed` (always `failed` when `serverMessage` is false).
 */
export function fetchFile(
  path: string,
  failed: string,
  { serverMessage = true }: { serverMessage?: boolean } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  return getFile(client, path, { accept: '*/*', fallback: failed, serverMessage }, async (response) => ({
    blob: await response.blob(),
    fileName: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null,
  }));
}

/** How long a file's object URL outlives its use (the browser has the file by then). */
const FILE_URL_LIFETIME_MS = 60_000;

/** Hands a fetched file to the browser: saved under `fileName`, or opened in a new tab. */
export function showFile(blob: Blob, how: { save: string } | 'open'): void {
  const url = URL.createObjectURL(blob);
  if (how === 'open') window.open(url, '_blank', 'noopener');
  else {
    const link = document.createElement('a');
    link.href = url;
    link.download = how.save;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), FILE_URL_LIFETIME_MS);
}

type WriteOptions<K extends TApiWrite> = TApiWriteParamsOption<K> & { chatToken?: string };

/**
 * A JSON write named by its `METHOD /path` key of the domain's API_WRITES: the body is typed as
 * `z.input` of the schema the server validates with and the path parameters are required by name, so
 * a body the server would refuse for its shape does not compile.
 */
export function write<K extends TApiWrite, T>(
  key: K,
  body: TApiWriteBody<K>,
  schema: z.ZodType<T> | null,
  ...[options]: [TPathParamNames<K>] extends [never]
    ? [options?: WriteOptions<K>]
    : [options: WriteOptions<K>]
): Promise<T> {
  // The typed signature above already holds the caller to the key's body and parameters.
  const untyped = client.write as (key: K, body: unknown, options: object) => Promise<unknown>;
  return untyped(key, body, { ...options, ...(schema && { schema }) }) as Promise<T>;
}

const DESK = '/service-ops/secure/api/v1/chat';
const OMNI = '/service-omni-proxy/insecure/api/v1';

const STAFF = '/service-ops/api/v1/staff';

export const desk = {
  async signIn(email: string, password: string, totpCode?: string): Promise<void> {
    const { jwt } = await write(
      'POST /identity/api/v1/login',
      { email, password, ...(totpCode && { totpCode }) },
      z.object({ jwt: z.string() }),
    );
    sessionStorage.setItem(TOKEN_KEY, jwt);
  },
  me: () => call('GET', `${STAFF}/me`, ZStaffSelf),
  twoFactorSetup: () =>
    call(
      'POST',
      '/identity/secure/api/v1/two-factor/setup',
      z.object({ secret: z.string(), otpauthUri: z.string() }),
    ),
  twoFactorEnable: (code: string) => write('POST /identity/secure/api/v1/two-factor/enable', { code }, null),
  staff: () => call('GET', STAFF, z.array(ZStaffMember)),
  invite: (email: string, roles: TStaffRole[], orgCode?: string | null) =>
    write(
      'POST /service-ops/api/v1/staff/invitations',
      { email, roles, ...(orgCode !== undefined && { orgCode }) },
      null,
    ),
  setRoles: (identityUuid: string, roles: TStaffRole[]) =>
    write('PUT /service-ops/api/v1/staff/:identityUuid/roles', { roles }, ZStaffMember, {
      params: { identityUuid },
    }),
  setDisabled: (identityUuid: string, disabled: boolean) =>
    call('POST', `${STAFF}/${identityUuid}/${disabled ? 'disable' : 'enable'}`, ZStaffMember),
  invitation: (token: string) =>
    call(
      'GET',
      `/identity/api/v1/staff-invitations?token=${encodeURIComponent(token)}`,
      z.object({
        email: z.string(),
        orgCode: z.string().nullable(),
        orgName: z.string().nullable(),
        roles: z.array(ZStaffRole),
      }),
    ),
  acceptInvitation: (token: string, password: string) =>
    write('POST /identity/api/v1/staff-invitations/accept', { token, password }, null),
  signOut: () => call('POST', '/identity-broker/agent/secure/api/v3/logout', null).catch(() => undefined),
  agentToken: () =>
    call(
      'POST',
      `${DESK}/token`,
      z.object({ token: z.string(), expiration: z.number(), agentName: z.string() }),
    ),
  list: () => call('GET', `${DESK}/conversations`, z.array(ZDeskConversation)),
  accept: (sid: string) => call('POST', `${DESK}/conversations/${sid}/accept`, null),
  conversation: (chatToken: string, sid: string) =>
    call('GET', `${OMNI}/conversations/${sid}`, ZChatConversationState, { chatToken }),
  send: (chatToken: string, sid: string, text: string, files: File[]) => {
    if (files.length === 0)
      return call('POST', `${OMNI}/conversations/${sid}/messages`, ZChatMessage, {
        chatToken,
        body: { body: text },
      });
    const form = new FormData();
    if (text) form.append('body', text);
    for (const file of files) form.append('media', file, file.name);
    return call('POST', `${OMNI}/conversations/${sid}/messages`, ZChatMessage, { chatToken, body: form });
  },
  end: (chatToken: string, sid: string) =>
    call('POST', `${OMNI}/conversations/${sid}/end`, null, { chatToken }),
  // The widget's own download code (@heloc/domain), with the desk's error.
  download: (chatToken: string, sid: string, mediaSid: string, filename: string) =>
    downloadChatAttachment({
      url: `${OMNI}/conversations/${sid}/media/${mediaSid}`,
      token: chatToken,
      filename,
      document,
      failed: (status) => new DeskError(status, 'Download failed'),
    }),
  socketUrl(chatToken: string): string {
    const url = new URL(`${OMNI}/ws`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', chatToken);
    return url.toString();
  },
};
