/**
 * Deterministic flood determination: zone X for everyone; Flood waits `researchMs` from the first
 * request (the flood-cert wait page), then answers zone AE with insurance required.
 */
import type { Clock } from '../../lib/clock';
import { scenarioForLastName } from '../scenario';
import { addressKey, hashInt, sandboxId } from '../shared';
import type { FloodProvider } from './index';

export interface SandboxFloodOptions {
  clock: Clock;
  /** How long the Flood scenario stays PENDING after the first request (default 1 hour). */
  researchMs?: number;
}

const DEFAULT_RESEARCH_MS = 3_600_000;

export function createSandboxFlood(options: SandboxFloodOptions): FloodProvider {
  const researchMs = options.researchMs ?? DEFAULT_RESEARCH_MS;
  return {
    async determine(request) {
      const key = addressKey(request.address);
      const now = options.clock.now();
      const flood = scenarioForLastName(request.applicant.lastName) === 'FLOOD';
      if (flood) {
        const first = request.firstRequestedAt ?? now;
        const retryAt = new Date(first.getTime() + researchMs);
        if (now.getTime() < retryAt.getTime()) {
          return { outcome: 'PENDING', requestId: sandboxId('fld', key, first.toISOString()), retryAt };
        }
      }
      return {
        outcome: 'DETERMINED',
        certificateId: sandboxId('fldcert', key, flood ? 'AE' : 'X'),
        floodZone: flood ? 'AE' : 'X',
        inSpecialFloodHazardArea: flood,
        insuranceRequired: flood,
        communityNumber: String(hashInt(100_000, 999_999, 'community', request.address.zip)),
        determinedAt: now,
      };
    },
  };
}
