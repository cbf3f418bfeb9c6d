import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TELEMETRY_EVENTS } from '@heloc/domain';
import { APPLICATION_UUID, mockApi } from '@/testing/mock-api';
import { DECISION_PATH, EXPERIMENTS, experimentQueryOptions, recordExposure } from './experiments';
import * as telemetry from './telemetry';

const TRACKER = '9a9a9a9a-1111-4222-8333-444444444444';
const USER = { organization: 'ACME', identity: null, application: APPLICATION_UUID };
const decision = (variationKey: string | null) => ({
  experimentKey: EXPERIMENTS.chatLauncher,
  variationKey,
  enabled: variationKey !== null,
  variables: variationKey === 'prominent' ? { launcherStyle: 'prominent' } : {},
  reason: variationKey ? 'IN_EXPERIMENT' : 'NOT_IN_ROLLOUT',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('experiments the web renders (spec 2 §7 v2/decision)', () => {
  it('asks v2/decision for that experiment, for the page user with its tracker', async () => {
    const api = mockApi().on(`POST ${DECISION_PATH}`, {
      body: { decisions: { [EXPERIMENTS.chatLauncher]: decision('prominent') } },
    });
    const answer = await new QueryClient().fetchQuery(
      experimentQueryOptions(USER, EXPERIMENTS.chatLauncher, async () => TRACKER),
    );
    expect(answer?.variationKey).toBe('prominent');
    expect(api.callsTo(`POST ${DECISION_PATH}`)[0]?.body).toEqual({
      optimizeUser: { organization: 'ACME', application: { uuid: APPLICATION_UUID }, trackerId: TRACKER },
      experimentKeys: [EXPERIMENTS.chatLauncher],
    });
  });

  it('without a tracker (telemetry off) asks nothing and shows the default', async () => {
    const api = mockApi();
    const answer = await new QueryClient().fetchQuery(
      experimentQueryOptions(USER, EXPERIMENTS.chatLauncher, async () => null),
    );
    expect(answer).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('records the exposure of a variation shown, once per session and experiment; none outside the experiment', () => {
    const track = vi.spyOn(telemetry, 'track').mockImplementation(() => {});
    recordExposure(decision('prominent') as never);
    expect(track).toHaveBeenCalledWith(TELEMETRY_EVENTS.experimentExposure, {
      eventProperties: { experimentKey: EXPERIMENTS.chatLauncher, variationKey: 'prominent' },
      dedupeProperty: 'experimentKey',
    });
    track.mockClear();
    recordExposure(decision(null) as never);
    recordExposure(null);
    expect(track).not.toHaveBeenCalled();
  });
});
