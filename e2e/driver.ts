/**
 * The one borrower driver (@heloc/borrower-driver) over real HTTP: Playwright's request context as
 * the transport (its cookie jar keeps the sign-in fingerprint, so the page and the driver are one
 * browser), registration through the API, a settle that polls the status while a job is at work, and
 * a walk that waits when the server's jobs or clock, not the borrower, move the application on.
 */
import type { APIRequestContext } from '@playwright/test';
import { isWaitingStatus, type TRegistrationInput } from '@heloc/domain';
import {
  borrower,
  createClient,
  encodeRequest,
  planFromRegistration,
  register,
  registration,
  toResponse,
  type Borrower,
  type BorrowerMemory,
  type BorrowerPlan,
  type Transport,
  type WalkOptions,
} from '@heloc/borrower-driver';

export function playwrightTransport(request: APIRequestContext): Transport {
  return async (path, init) => {
    const { method, headers, body } = await encodeRequest(path, init);
    const res = await request.fetch(path, { method, headers, ...(body !== undefined && { data: body }) });
    return toResponse(
      res.status(),
      res.headersArray().map((header): [string, string] => [header.name, header.value]),
      await res.body(),
    );
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The borrower signed in as `jwt` in this request context, driven over HTTP. */
export function httpBorrower(
  request: APIRequestContext,
  session: { applicationUuid: string; jwt: string },
  plan: BorrowerPlan,
  memory?: BorrowerMemory,
): Borrower & { settle(): Promise<string>; walkTo(until: WalkOptions['until']): Promise<string> } {
  const client = createClient(playwrightTransport(request), {
    applicationUuid: session.applicationUuid,
    headers: { authorization: `Bearer ${session.jwt}` },
  });
  const driven = borrower(client, plan, memory);
  /** Polls while a job is at work (30 s at most), as the browser's processing modal does. */
  const settle = async () => {
    const until = Date.now() + 30_000;
    for (let delay = 250; ; delay = Math.min(delay * 2, 1000)) {
      const { status } = await client.status();
      if (!isWaitingStatus(status) || Date.now() > until) return status;
      await pause(delay);
    }
  };
  let stuck: { status: string; since: number } | null = null;
  return {
    ...driven,
    settle,
    walkTo: (until) =>
      driven.walk({
        until,
        settle,
        maxSteps: 400,
        // Nothing for the borrower to do: a job or the clock moves it on; give it 30 s per status.
        whenNothingToDo: async (status) => {
          if (stuck?.status !== status) stuck = { status, since: Date.now() };
          if (Date.now() - stuck.since > 30_000) return false;
          await pause(500);
          return true;
        },
      }),
  };
}

/** A borrower registered through the API (closing-api's `Borrower`), with the plan the driver answers by. */
export type RegisteredBorrower = {
  applicationUuid: string;
  jwt: string;
  email: string;
  lastName: string;
  plan: BorrowerPlan;
};

/**
 * A new borrower registered through the API under `orgCode` in this request context (its cookie jar
 * keeps the fingerprint cookie): the driver's sandbox borrower (`registration()`) with `overrides`.
 */
export async function registerOverHttp(
  request: APIRequestContext,
  overrides: Partial<TRegistrationInput> = {},
  orgCode = 'MAIN',
): Promise<RegisteredBorrower> {
  const body = registration(overrides);
  const { jwt, session } = await register(playwrightTransport(request), body, { orgCode });
  return {
    applicationUuid: session.applicationUuid,
    jwt,
    email: body.email,
    lastName: body.name.lastName,
    plan: planFromRegistration(body),
  };
}

/** Walks `who` over HTTP until the status `until` (profile, liens, … as the driver answers them). */
export function walkOverHttp(
  request: APIRequestContext,
  who: RegisteredBorrower,
  until: WalkOptions['until'],
): Promise<string> {
  return httpBorrower(request, who, who.plan).walkTo(until);
}
