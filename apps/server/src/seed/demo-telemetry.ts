/**
 * Deterministic demo telemetry (npm run report:funnel -- --demo, and the funnel test): sessions of a
 * few organisations that drop off along the funnel at fixed rates, so the report has something to show.
 */
import { FUNNEL_STEPS, PRODUCT_TYPES } from '@heloc/domain';
import type { Executor } from '../db';
import { schema } from '../db';

/** Sessions per organisation and the share (percent) that goes on at each step. */
export const DEMO_FUNNEL = {
  MAIN: { sessions: 200, keep: 60 },
  PINECREST: { sessions: 80, keep: 50 },
  CASCADE_TEACHERS: { sessions: 40, keep: 70 },
} as const;

const uuidOf = (n: number, prefix: string) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export async function seedDemoTelemetry(db: Executor, at: Date = new Date()): Promise<void> {
  const rows: (typeof schema.telemetryEvents.$inferInsert)[] = [];
  let n = 0;
  for (const [orgCode, { sessions, keep }] of Object.entries(DEMO_FUNNEL)) {
    for (let i = 0; i < sessions; i += 1) {
      n += 1;
      const sessionUuid = uuidOf(n, '5e550000');
      const trackerUuid = uuidOf(n, '7aac0000');
      // Session i reaches step k while i < sessions · keep^k (integer arithmetic, no randomness).
      let reach: number = sessions;
      for (const [index, step] of FUNNEL_STEPS.entries()) {
        if (index > 0) reach = Math.floor((reach * keep) / 100);
        if (i >= reach) break;
        rows.push({
          sessionUuid,
          trackerUuid,
          orgCode,
          context: 'heloc',
          event: step.event,
          eventType: index === 0 ? 'PAGE_VIEW' : 'TRACK',
          domain: 'demo',
          pagePath: '/',
          productType: PRODUCT_TYPES[0],
          eventProperties: step.step ? { step: step.step } : {},
          dedupeKey: step.step ? `${step.event}|step=${step.step}` : step.event,
          receivedAt: at,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(schema.telemetryEvents)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}
