/**
 * Flood zone determination (standard flood hazard determination form, FEMA SFHA). A determination
 * can take a while (spec 1 §4: "flood cert wait" → error/flood-cert); once in a special flood hazard
 * area, flood insurance is required before closing (the insurance step asks for proof).
 *
 * Production: a flood certification vendor (e.g. CoreLogic Flood Services, ServiceLink) ordered by
 * address/APN with life-of-loan tracking; a certificate may come back immediately or after manual
 * research, delivered by webhook. No network code here.
 */
import type { ApplicantRef, PropertyAddress, ProviderCallOptions } from '../shared';

export interface FloodDeterminationRequest {
  applicant: ApplicantRef;
  propertyId: string;
  address: PropertyAddress;
  /** When the determination was first asked for (a retry passes the first time, so research ends). */
  firstRequestedAt?: Date | null;
}

/** FEMA zones: the A and V zones are special flood hazard areas, X is minimal hazard. */
export type FloodZone = 'X' | 'AE' | 'VE';

export type FloodDeterminationResult =
  | {
      outcome: 'DETERMINED';
      certificateId: string;
      floodZone: FloodZone;
      inSpecialFloodHazardArea: boolean;
      insuranceRequired: boolean;
      communityNumber: string;
      determinedAt: Date;
    }
  /** Under manual research: ask again at or after `retryAt`. */
  | { outcome: 'PENDING'; requestId: string; retryAt: Date };

export interface FloodProvider {
  determine(
    request: FloodDeterminationRequest,
    options?: ProviderCallOptions,
  ): Promise<FloodDeterminationResult>;
}
