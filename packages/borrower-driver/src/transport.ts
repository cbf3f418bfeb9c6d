/**
 * The driver's one way to reach the server: a `fetch`-like function (path relative to the server,
 * `RequestInit`, a standard `Response`). Server tests and the simulator pass `injectTransport(app)`
 * (Fastify's `inject`, no socket); the browser tests pass one over Playwright's request context
 * (real HTTP, the context's cookie jar); scripts against a running server pass `httpTransport(base)`
 * (the platform's `fetch`, no cookie jar). Answers are read once into an `Answer` (status, text,
 * headers) so a caller may look at the body more than once.
 */

/** A `fetch` whose first argument is a path on the server under test. */
export type Transport = (path: string, init?: RequestInit) => Promise<Response>;

/** An answer read in full. */
export type Answer = {
  status: number;
  /** The body as text ('' when there is none). */
  body: string;
  headers: Headers;
  /** The body parsed as JSON (throws on a body that is not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller names the shape it reads
  json<T = any>(): T;
};

export async function readAnswer(response: Response): Promise<Answer> {
  const body = await response.text();
  return {
    status: response.status,
    body,
    headers: response.headers,
    json: <T>() => JSON.parse(body) as T,
  };
}

/** A call answered with a status code the driver did not expect: which action, and the answer. */
export class UnexpectedAnswer extends Error {
  constructor(
    readonly action: string,
    readonly answer: Answer,
  ) {
    super(`${action} answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  }
}

/** Statuses whose answer has no body (a `Response` refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * `init` as bytes and flat headers, the way `fetch` would send it: a `FormData` body becomes a
 * multipart body with its boundary in the content type, a string stays as it is.
 */
export async function encodeRequest(
  path: string,
  init: RequestInit = {},
): Promise<{ method: string; headers: Record<string, string>; body: Buffer | undefined }> {
  const request = new Request(new URL(path, 'http://driver.invalid'), init);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { method: request.method, headers, body };
}

/** Builds the `Response` of a transport from a status, header pairs and the raw bytes. */
export function toResponse(
  status: number,
  headers: Iterable<[string, string]>,
  bytes: Uint8Array | null,
): Response {
  const out = new Headers();
  for (const [name, value] of headers) out.append(name, value);
  return new Response(NULL_BODY.has(status) || !bytes ? null : Uint8Array.from(bytes), {
    status,
    headers: out,
  });
}

/** What the inject transport needs of a Fastify instance (no dependency on Fastify's types here). */
export type Injectable = {
  inject(options: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: Buffer;
  }): PromiseLike<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    rawPayload: Buffer;
  }>;
};

/** The in-process transport: every call through `app.inject` (no port, no network). */
export function injectTransport(app: Injectable): Transport {
  return async (path, init) => {
    const { method, headers, body } = await encodeRequest(path, init);
    const res = await app.inject({
      method,
      url: path,
      headers,
      ...(body !== undefined && { payload: body }),
    });
    const pairs: [string, string][] = [];
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const each of Array.isArray(value) ? value : [value]) pairs.push([name, String(each)]);
    }
    return toResponse(res.statusCode, pairs, res.rawPayload);
  };
}

/**
 * Real HTTP to a running server at `baseUrl` with the platform's `fetch` (no cookie jar: register with
 * `carryCookies` so the session carries the fingerprint cookie).
 */
export function httpTransport(baseUrl: string, fetchImpl: typeof fetch = fetch): Transport {
  return (path, init) => fetchImpl(new URL(path, baseUrl), init);
}
