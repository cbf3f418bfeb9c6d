/**
 * The borrower's calls: registration, then every call as that borrower (token header, plus the
 * fingerprint cookie when the transport keeps no cookie jar), JSON bodies and multipart uploads. A
 * renewed token in an answer's authorization header replaces the session's, as the browser's client
 * does (spec 1 §4).
 */
import type { TRegistrationInput } from '@heloc/domain';
import { readAnswer, UnexpectedAnswer, type Answer, type Transport } from './transport';

export const ENGINE_PATH = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;
export const STATUS_PATH = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;
export const REGISTER_PATH = '/identity/api/v1/registration/register';

/** A signed-in borrower: the headers every call carries and the application they drive. */
export type Session = { applicationUuid: string; headers: Record<string, string> };

/** A file for a multipart upload. */
export type UploadFile = { bytes: Uint8Array; fileName: string; contentType?: string };

export type Client = {
  transport: Transport;
  session: Session;
  /** The application's engine path (…/application/heloc/{uuid}). */
  engine: string;
  /** One call; an answer outside `expected` (default 200) throws `UnexpectedAnswer`. */
  call(
    action: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    expected?: readonly number[],
  ): Promise<Answer>;
  /** A multipart upload: the fields first, then the file as `file`. */
  upload(
    action: string,
    path: string,
    file: UploadFile | null,
    fields?: Record<string, string>,
    expected?: readonly number[],
  ): Promise<Answer>;
  /** The polled status (spec 1 §4). */
  status(): Promise<{ status: string; applicationStatus: Record<string, unknown> }>;
};

export function createClient(transport: Transport, session: Session): Client {
  const check = (action: string, answer: Answer, expected: readonly number[]) => {
    const renewed = answer.headers.get('authorization');
    if (renewed) session.headers.authorization = renewed;
    if (!expected.includes(answer.status)) throw new UnexpectedAnswer(action, answer);
    return answer;
  };
  const client: Client = {
    transport,
    session,
    engine: ENGINE_PATH(session.applicationUuid),
    async call(action, method, path, body, expected = [200]) {
      const response = await transport(path, {
        method,
        headers: {
          ...session.headers,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return check(action, await readAnswer(response), expected);
    },
    async upload(action, path, file, fields = {}, expected = [200]) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (file) {
        const type = file.contentType ?? 'application/octet-stream';
        form.append('file', new Blob([Uint8Array.from(file.bytes)], { type }), file.fileName);
      }
      const response = await transport(path, { method: 'POST', headers: session.headers, body: form });
      return check(action, await readAnswer(response), expected);
    },
    async status() {
      return (await client.call('poll status', 'GET', STATUS_PATH(session.applicationUuid))).json();
    },
  };
  return client;
}

let registered = 0;

/**
 * A registration body for a sandbox borrower (the last name picks the scenario, DESIGN.md §7): Ann
 * Example of 12 Oak Street, Fresno, CA, not selling, full-time on $150,000 a year, born 1980-02-29,
 * with a new e-mail each call; `overrides` replace whole fields.
 */
export function registration(overrides: Partial<TRegistrationInput> = {}): TRegistrationInput {
  registered += 1;
  return {
    property: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
    saleStatus: 'NOT_SELLING',
    income: { employmentType: 'FULL_TIME', annualIncomeCents: 150_000_00 },
    name: { firstName: 'Ann', lastName: 'Example' },
    dob: '1980-02-29',
    email: `borrower-${Date.now()}-${registered}@example.com`,
    phoneNumber: '(415) 555-0100',
    password: 'Strong-passw0rd!',
    acceptedTerms: true,
    ...overrides,
  };
}

export type Registered = { session: Session; jwt: string; identityUuid: string; answer: Answer };

/**
 * Registration (the registration page's call) under `orgCode`. `carryCookies`: the transport keeps
 * no cookie jar (inject), so the answer's cookies (the sign-in fingerprint) go into the session's
 * headers; a browser context keeps them itself.
 */
export async function register(
  transport: Transport,
  body: TRegistrationInput,
  { orgCode = 'MAIN', carryCookies = false }: { orgCode?: string; carryCookies?: boolean } = {},
): Promise<Registered> {
  const answer = await readAnswer(
    await transport(REGISTER_PATH, {
      method: 'POST',
      headers: { 'x-org-code': orgCode, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  if (answer.status !== 201) throw new UnexpectedAnswer('register', answer);
  const { jwt, applicationUuid, identityUuid } = answer.json<{
    jwt: string;
    applicationUuid: string;
    identityUuid: string;
  }>();
  const cookies = answer.headers.getSetCookie().map((line) => line.split(';')[0]!);
  if (carryCookies && cookies.length === 0) {
    throw new UnexpectedAnswer('register (no fingerprint cookie)', answer);
  }
  return {
    session: {
      applicationUuid,
      headers: {
        authorization: `Bearer ${jwt}`,
        ...(carryCookies && { cookie: cookies.join('; ') }),
      },
    },
    jwt,
    identityUuid,
    answer,
  };
}
