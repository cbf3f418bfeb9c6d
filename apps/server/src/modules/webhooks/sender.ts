/**
 * One delivery attempt over HTTP: POST the JSON body with the signature headers, through the address
 * guard, never following a redirect (a 3xx is a failed attempt), within a bounded time. Answers what
 * happened; never throws for the receiver's failures.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_HEADERS, signWebhookPayload } from '@heloc/domain';
import { AddressRefusedError, guardedLookup, hostOf, isInsideAddress } from './address-guard';

export type AttemptOutcome = {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
};

export type SendOptions = {
  url: string;
  secret: string;
  eventId: string;
  eventType: string;
  body: string;
  allowList: readonly string[];
  timeoutMs: number;
  /** The job attempt's signal (the worker cancels a timed-out attempt). */
  signal?: AbortSignal;
};

/** At most this much of an answer is read (and thrown away): a receiver cannot hold the sender. */
const MAX_ANSWER_BYTES = 64 * 1024;

export async function sendWebhook(options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(options.url);
  const host = hostOf(url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, statusCode: null, latencyMs: 0, error: `${url.protocol} is not allowed` };
  if (net.isIP(host) && isInsideAddress(host) && !options.allowList.includes(host))
    return { ok: false, statusCode: null, latencyMs: 0, error: new AddressRefusedError(host, host).message };
  // The signature's timestamp is the wall clock (what a receiver compares with), not the app's
  // business clock, which tests and the dev clock move.
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await signWebhookPayload(options.secret, timestamp, options.body);
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        agent: false,
        signal,
        lookup: guardedLookup(host, options.allowList) as never,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
          'user-agent': 'HELOC-Webhooks/1',
          [WEBHOOK_HEADERS.id]: options.eventId,
          [WEBHOOK_HEADERS.event]: options.eventType,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signature,
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          const error = ok
            ? null
            : statusCode !== null && statusCode >= 300 && statusCode < 400
              ? `answered ${statusCode} (redirects are not followed)`
              : `answered ${statusCode}`;
          finish({ ok, statusCode, error });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) => {
      const reason = signal.aborted
        ? `no answer within ${options.timeoutMs} ms`
        : error instanceof AddressRefusedError
          ? error.message
          : `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`;
      finish({ ok: false, statusCode: null, error: reason });
    });
    request.end(options.body);
  });
}
