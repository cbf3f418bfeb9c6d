/**
 * Feature flags (spec 2 §6 "Feature gates"), inserted at every start when missing; a flag an
 * operator changed is never overwritten. Defaults ('*') apply to every organisation without a row
 * of its own.
 *
 * - fe-webchat: on.
 * - fe-heloc-maintenance: off; on for the demo organisation SAGEBRUSH (routes ["/"]) so the
 *   maintenance page can be seen and tested.
 * - fe-heloc-additional-signer-conditions: off.
 * - fe-portfolio-manager: off; on for MAIN.
 * - fe-heloc-broker-identity: off (brokers use the customer identity service).
 * - fe-webchat-borrower-auth: on (signed-in borrowers are recognised in chat).
 */
import { FEATURE_FLAGS, MAINTENANCE_DEFAULT_MESSAGE, MAINTENANCE_DEFAULT_TITLE } from '@heloc/domain';
import type { Database } from '../db';
import {
  DEFAULT_FLAG_ORG,
  insertMissingFlags,
  type NewFeatureFlag,
} from '../modules/feature-flags/repository';

/** The organisation whose maintenance flag is on in the demo data. */
export const MAINTENANCE_DEMO_ORG = 'SAGEBRUSH';

const maintenanceVariables = (routes: string[]) => ({
  /** A JSON list in a string (ZMaintenanceFlag). */
  routes: JSON.stringify(routes),
  message: MAINTENANCE_DEFAULT_MESSAGE,
  pageTitle: MAINTENANCE_DEFAULT_TITLE,
  shouldShowDashboardLink: true,
});

export const FEATURE_FLAG_SEED: readonly NewFeatureFlag[] = [
  {
    key: FEATURE_FLAGS.webchat,
    orgCode: DEFAULT_FLAG_ORG,
    enabled: true,
    variables: {},
    description: 'The chat widget',
  },
  {
    key: FEATURE_FLAGS.maintenance,
    orgCode: DEFAULT_FLAG_ORG,
    enabled: false,
    variables: maintenanceVariables([]),
    description: 'Maintenance page for the listed routes',
  },
  {
    key: FEATURE_FLAGS.maintenance,
    orgCode: MAINTENANCE_DEMO_ORG,
    enabled: true,
    variables: maintenanceVariables(['/']),
    description: 'Demo: the whole application under maintenance',
  },
  {
    key: FEATURE_FLAGS.additionalSignerConditions,
    orgCode: DEFAULT_FLAG_ORG,
    enabled: false,
    variables: {},
    description: 'Conditions in the additional signer flow',
  },
  {
    key: FEATURE_FLAGS.portfolioManager,
    orgCode: DEFAULT_FLAG_ORG,
    enabled: false,
    variables: {},
    description: 'Portfolio Manager link in the side bar and apps menu',
  },
  {
    key: FEATURE_FLAGS.portfolioManager,
    orgCode: 'MAIN',
    enabled: true,
    variables: {},
    description: 'Portfolio Manager link for the main lender',
  },
  {
    key: FEATURE_FLAGS.brokerIdentity,
    orgCode: DEFAULT_FLAG_ORG,
    enabled: false,
    variables: {},
    description: 'Brokers sign in through the agent identity service',
  },
  {
    key: FEATURE_FLAGS.webchatBorrowerAuth,
    orgCode: DEFAULT_FLAG_ORG,
    enabled: true,
    variables: {},
    description: 'Signed-in borrowers are recognised in chat (webchat/authenticate nonce)',
  },
];

export async function seedFeatureFlags(db: Database): Promise<void> {
  await insertMissingFlags(db, FEATURE_FLAG_SEED);
}
