/** SQL for experiments. */
import { inArray } from 'drizzle-orm';
import { ZExperiment, type TExperiment } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type NewExperiment = typeof schema.experiments.$inferInsert;

/** Every experiment (or the named ones); rows that do not parse (an operator's typo) are skipped. */
export async function listExperiments(db: Executor, keys?: readonly string[]): Promise<TExperiment[]> {
  const rows = await (
    keys
      ? db
          .select()
          .from(schema.experiments)
          .where(inArray(schema.experiments.key, [...keys]))
      : db.select().from(schema.experiments)
  ).orderBy(schema.experiments.key);
  return rows.flatMap((row) => {
    const parsed = ZExperiment.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Inserts the experiments that do not exist yet; an operator's change stays. */
export async function insertMissingExperiments(db: Executor, rows: readonly NewExperiment[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(schema.experiments)
    .values([...rows])
    .onConflictDoNothing({ target: schema.experiments.key });
}
