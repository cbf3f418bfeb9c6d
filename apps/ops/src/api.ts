/** The desk's HTTP calls: staff sign-in (the platform's identity service) and the desk/chat calls. */
import { z } from 'zod';
import {
  downloadChatAttachment,
  apiWriteTarget,
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

type SendOptions = { body?: unknown; chatToken?: string; accept?: string };

/**
 * Every request of the console: the staff token (and a chat token) as headers, the cookies, and the
 * token the server rotates through the answer's authorization header kept for the next call.
 */
async function send(method: string, path: string, options: SendOptions = {}): Promise<Response> {
  const headers = new Headers();
  if (options.accept) headers.set('Accept', options.accept);
  const jwt = storedToken();
  if (jwt) headers.set('Authorization', `Bearer ${jwt}`);
  if (options.chatToken) headers.set('x-chat-token', options.chatToken);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const response = await fetch(path, { method, headers, body, credentials: 'include' });
  const fresh = response.headers.get('authorization');
  if (fresh) sessionStorage.setItem(TOKEN_KEY, fresh.replace(/^Bearer\s+/i, ''));
  return response;
}

/** A failed answer as the console's error: the server's message (unless `fallback` is to be shown), else `fallback`. */
function failure(status: number, data: unknown, fallback: string, serverMessage = true): DeskError {
  return new DeskError(
    status,
    (serverMessage ? (data as { message?: string } | null)?.message : undefined) ?? fallback,
    (data as { details?: unknown } | null)?.details ?? null,
  );
}

export async function call<T>(
  method: string,
  path: string,
  schema: z.ZodType<T> | null,
  options: { body?: unknown; chatToken?: string } = {},
): Promise<T> {
  const response = await send(method, path, { ...options, accept: 'application/json' });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw failure(response.status, data, response.statusText);
  return schema ? schema.parse(data) : (data as T);
}

/**
 * A file the console's client fetches (the token is a header, so a plain link cannot carry it), with
 * the name the server gives it (content-disposition), if any. A failed answer is a DeskError with the
 * server's message, or `failed` (always `failed` when `serverMessage` is false).
 */
export async function fetchFile(
  path: string,
  failed: string,
  { serverMessage = true }: { serverMessage?: boolean } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send('GET', path);
  if (!response.ok) {
    const data: unknown = serverMessage ? await response.json().catch(() => null) : null;
    throw failure(response.status, data, failed, serverMessage);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
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
  const { method, path } = apiWriteTarget(key, options?.params);
  return call(method, path, schema, {
    body,
    ...(options?.chatToken !== undefined && { chatToken: options.chatToken }),
  });
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
