/**
 * Feature decisions (spec 2 §6 "Feature gates", §7 "Telemetry and features"): a flag's default row
 * ('*') applies to every organisation unless the organisation has its own row. An unknown flag is
 * off with no variables. Only `enabled` and `variables` ever leave the server.
 */
import type { Executor } from '../../db';
import { DEFAULT_FLAG_ORG, listFlagRows, type FeatureFlagRow } from './repository';

/**
 * `enabled` (spec 2 §7 "POST …/api/v1/feature … Response: enabled") and `flagEnabled` (the maintenance
 * flag lookup "returns flagEnabled and variables") are one answer under both names.
 */
export type FeatureDecision = { enabled: boolean; flagEnabled: boolean; variables: Record<string, unknown> };

export const FEATURE_OFF: FeatureDecision = Object.freeze({
  enabled: false,
  flagEnabled: false,
  variables: {},
});

/** The decision per key: the organisation's row where it has one, else the default row. */
export function decide(
  rows: readonly FeatureFlagRow[],
  orgCode: string | null,
): Map<string, FeatureDecision> {
  const decisions = new Map<string, { decision: FeatureDecision; own: boolean }>();
  for (const row of rows) {
    const own = orgCode !== null && row.orgCode === orgCode;
    if (!own && row.orgCode !== DEFAULT_FLAG_ORG) continue;
    if (decisions.get(row.key)?.own) continue;
    decisions.set(row.key, {
      decision: { enabled: row.enabled, flagEnabled: row.enabled, variables: { ...row.variables } },
      own,
    });
  }
  return new Map([...decisions].map(([key, { decision }]) => [key, decision]));
}

export async function featureDecision(
  db: Executor,
  key: string,
  orgCode: string | null,
): Promise<FeatureDecision> {
  return decide(await listFlagRows(db, orgCode, key), orgCode).get(key) ?? { ...FEATURE_OFF, variables: {} };
}

export async function allFeatureDecisions(
  db: Executor,
  orgCode: string | null,
): Promise<Record<string, FeatureDecision>> {
  return Object.fromEntries(decide(await listFlagRows(db, orgCode), orgCode));
}
