/**
 * Notary for the deed of trust: an electronic (remote online) session during notary operating hours,
 * or a manual (in-person, mobile notary) appointment in a slot the borrower picks
 * (requestedManualNotaryTime; MANUAL_NOTARY progress; fee MANUAL_NOTARY_FEE_CENTS).
 *
 * Production: a RON platform (e.g. Proof/Notarize, DocMagic eNotary, Snapdocs) for the electronic
 * session — session created with signers and documents, joined by URL, completion by webhook with the
 * notarized PDF and journal entry; manual appointments through a signing-agent network (e.g.
 * Snapdocs, NotaryCam scheduling) that confirms a notary for the slot.
 */
import type { TOperatingHoursEntry } from '@heloc/domain';
import type { PropertyAddress, ProviderCallOptions } from '../shared';

export interface NotarySessionRequest {
  applicationUuid: string;
  signerIds: string[];
}

export interface NotarySession {
  sessionId: string;
  joinUrl: string;
  startedAt: Date;
  expiresAt: Date;
}

export type StartSessionResult =
  | { outcome: 'SESSION_READY'; session: NotarySession }
  /** Outside notary hours: the next instant a session can start. */
  | { outcome: 'UNAVAILABLE'; reason: 'OUTSIDE_OPERATING_HOURS'; nextAvailableAt: Date | null };

export type CompleteSessionResult =
  | {
      outcome: 'NOTARIZED';
      sessionId: string;
      notarizedAt: Date;
      notaryName: string;
      commissionNumber: string;
    }
  | { outcome: 'SESSION_EXPIRED'; sessionId: string };

export interface ManualSlot {
  slotId: string;
  startsAt: Date;
  endsAt: Date;
  feeCents: number;
}

export interface ManualSlotsRequest {
  applicationUuid: string;
  address: PropertyAddress;
  /** How many days ahead to offer (default 14). */
  days?: number;
}

export type BookAppointmentResult =
  | {
      outcome: 'BOOKED';
      appointmentId: string;
      startsAt: Date;
      endsAt: Date;
      feeCents: number;
      notaryName: string;
    }
  | { outcome: 'SLOT_UNAVAILABLE' };

export interface NotaryProvider {
  /** The hours electronic sessions and manual appointments are offered in (Pacific wall clock). */
  readonly operatingHours: readonly TOperatingHoursEntry[];
  startElectronicSession(
    request: NotarySessionRequest,
    options?: ProviderCallOptions,
  ): Promise<StartSessionResult>;
  completeElectronicSession(
    request: { session: NotarySession },
    options?: ProviderCallOptions,
  ): Promise<CompleteSessionResult>;
  listManualSlots(request: ManualSlotsRequest, options?: ProviderCallOptions): Promise<ManualSlot[]>;
  bookManualAppointment(
    request: ManualSlotsRequest & { startsAt: Date },
    options?: ProviderCallOptions,
  ): Promise<BookAppointmentResult>;
}
