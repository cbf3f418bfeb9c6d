/**
 * Demo experiment, inserted at start when missing (an operator's change stays): half of the trackers
 * of organisations with the web chat on see the chat launcher's "prominent" variation. The launcher
 * asks for it (`POST /service-optimize/heloc/api/v2/decision`) and records the exposure.
 */
import { FEATURE_FLAGS } from '@heloc/domain';
import type { Database } from '../db';
import { insertMissingExperiments, type NewExperiment } from '../modules/experiments/repository';

export const EXPERIMENT_SEED: readonly NewExperiment[] = [
  {
    key: 'exp-heloc-chat-launcher',
    description: 'Chat launcher style (demo experiment on top of fe-webchat)',
    status: 'RUNNING',
    featureKey: FEATURE_FLAGS.webchat,
    rolloutPercent: 100,
    orgCodes: null,
    variations: [
      { key: 'control', weight: 50, variables: {} },
      { key: 'prominent', weight: 50, variables: { launcherStyle: 'prominent' } },
    ],
  },
];

export async function seedExperiments(db: Database): Promise<void> {
  await insertMissingExperiments(db, EXPERIMENT_SEED);
}
