/**
 * A @fastify/rate-limit store on the database (table rate_limit_counters), so N instances behind a
 * load balancer share one counter per address and route instead of each allowing the full limit
 * (DESIGN.md §10). One atomic upsert per request: the counter restarts when its window ran out,
 * else it is incremented; the answer carries the count and the window's remaining time. Windows use
 * the database's clock, the one clock every instance shares. Expired rows are deleted now and then.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db';
import { rowsOf } from '../db';

type Row = { count: number; ttl: number };

/** Counts one request for `key` in a window of `windowMs`; answers the count and the time left. */
export async function countRequest(db: Database, key: string, windowMs: number): Promise<Row> {
  const result = await db.execute(sql`
    insert into rate_limit_counters as c (key, count, expires_at)
    values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when c.expires_at <= clock_timestamp() then 1 else c.count + 1 end,
      expires_at = case when c.expires_at <= clock_timestamp()
        then clock_timestamp() + ${windowMs} * interval '1 millisecond' else c.expires_at end
    returning count,
      greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000))::float8 as ttl`);
  const row = rowsOf<{ count: number; ttl: number }>(result)[0]!;
  return { count: Number(row.count), ttl: Number(row.ttl) };
}

export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where expires_at < clock_timestamp()`);
}

/**
 * The store class @fastify/rate-limit instantiates (`store:` option). Each route gets a child whose
 * keys are prefixed with its method and URL, as the plugin's own stores do.
 */
export function databaseRateLimitStore(
  db: Database,
  onError: (error: Error) => void = () => undefined,
): FastifyRateLimitStoreCtor {
  let requests = 0;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      requests += 1;
      if (requests % 1000 === 0) void deleteExpiredCounters(db).catch(onError);
      countRequest(db, this.prefix + key, timeWindow).then(
        ({ count, ttl }) => callback(null, { current: count, ttl }),
        (error: Error) => callback(error),
      );
    }

    // Typed as route options, but the plugin passes its merged parameters with the route as `routeInfo`.
    child(options: object): FastifyRateLimitStore {
      const { routeInfo } = options as { routeInfo?: { method?: string | string[]; url?: string } };
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${method}${routeInfo?.url ?? ''}:`);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
