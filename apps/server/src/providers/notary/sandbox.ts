/**
 * Deterministic notary. Hours are a Pacific wall clock (DST through Intl via domain's
 * pacificWallClock); slots are whole hours inside them, starting at least `leadTimeMs` from now so a
 * mobile notary can be assigned. All times come from the injected clock.
 */
import {
  isOpenAt,
  MANUAL_NOTARY_FEE_CENTS,
  pacificWallClock,
  type TOperatingHoursEntry,
} from '@heloc/domain';
import type { Clock } from '../../lib/clock';
import { addressKey, sandboxId } from '../shared';
import type { ManualSlot, NotaryProvider, ManualSlotsRequest } from './index';

export interface SandboxNotaryOptions {
  clock: Clock;
  /** Hours of the mobile notaries behind manual appointments (default DEFAULT_NOTARY_HOURS). */
  operatingHours?: readonly TOperatingHoursEntry[];
  /**
   * Hours of the remote online notaries. Default: around the clock, as the large online notary
   * networks work, so an eNotary session can start whenever the borrower is ready (and browser tests
   * do not depend on the time of day). Pass hours to model a network that closes.
   */
  electronicHours?: readonly TOperatingHoursEntry[] | 'ALWAYS';
  /** Earliest manual slot after now (default 24 h). */
  leadTimeMs?: number;
  /** How long a joined session link stays valid (default 30 min). */
  sessionTtlMs?: number;
}

const HOUR_MS = 3_600_000;

function day(weekday: string, weekdayValue: number, hours: [string, string] | null): TOperatingHoursEntry {
  return {
    weekday,
    weekdayValue,
    isOpen: hours !== null,
    startTime: hours?.[0] ?? null,
    endTime: hours?.[1] ?? null,
  };
}

/** Mon–Fri 08:00–20:00, Sat 09:00–15:00, Sun closed (Pacific). */
export const DEFAULT_NOTARY_HOURS: readonly TOperatingHoursEntry[] = [
  day('Monday', 1, ['08:00', '20:00']),
  day('Tuesday', 2, ['08:00', '20:00']),
  day('Wednesday', 3, ['08:00', '20:00']),
  day('Thursday', 4, ['08:00', '20:00']),
  day('Friday', 5, ['08:00', '20:00']),
  day('Saturday', 6, ['09:00', '15:00']),
  day('Sunday', 7, null),
];

export function createSandboxNotary(options: SandboxNotaryOptions): NotaryProvider {
  const hours = options.operatingHours ?? DEFAULT_NOTARY_HOURS;
  const leadTimeMs = options.leadTimeMs ?? 24 * HOUR_MS;
  const sessionTtlMs = options.sessionTtlMs ?? 30 * 60_000;

  /** A whole-hour instant where the whole hour lies within the hours (start open, last minute open). */
  const isSlot = (start: Date): boolean =>
    pacificWallClock(start).secondsOfDay % 3600 === 0 &&
    isOpenAt(hours, start) &&
    isOpenAt(hours, start.getTime() + HOUR_MS - 60_000);

  function slots(request: ManualSlotsRequest): ManualSlot[] {
    const earliest = options.clock.now().getTime() + leadTimeMs;
    // Every Pacific offset is whole hours, so stepping UTC hours visits every Pacific whole hour.
    const first = Math.ceil(earliest / HOUR_MS) * HOUR_MS;
    const end = first + (request.days ?? 14) * 24 * HOUR_MS;
    const result: ManualSlot[] = [];
    for (let at = first; at < end; at += HOUR_MS) {
      const startsAt = new Date(at);
      if (!isSlot(startsAt)) continue;
      result.push({
        slotId: sandboxId(
          'slot',
          request.applicationUuid,
          addressKey(request.address),
          startsAt.toISOString(),
        ),
        startsAt,
        endsAt: new Date(at + HOUR_MS),
        feeCents: MANUAL_NOTARY_FEE_CENTS,
      });
    }
    return result;
  }

  function nextOpen(openHours: readonly TOperatingHoursEntry[], from: number): Date | null {
    // A week of minutes is enough: hours repeat weekly; null when the hours are never open.
    for (
      let at = Math.ceil(from / 60_000) * 60_000, steps = 0;
      steps < 7 * 24 * 60;
      at += 60_000, steps += 1
    ) {
      if (isOpenAt(openHours, at)) return new Date(at);
    }
    return null;
  }

  return {
    operatingHours: hours,

    async startElectronicSession(request) {
      const now = options.clock.now();
      const electronicHours = options.electronicHours ?? 'ALWAYS';
      if (electronicHours !== 'ALWAYS' && !isOpenAt(electronicHours, now)) {
        return {
          outcome: 'UNAVAILABLE',
          reason: 'OUTSIDE_OPERATING_HOURS',
          nextAvailableAt: nextOpen(electronicHours, now.getTime()),
        };
      }
      const sessionId = sandboxId('ron', request.applicationUuid, ...request.signerIds, now.toISOString());
      return {
        outcome: 'SESSION_READY',
        session: {
          sessionId,
          joinUrl: `https://notary.sandbox.invalid/session/${sessionId}`,
          startedAt: now,
          expiresAt: new Date(now.getTime() + sessionTtlMs),
        },
      };
    },

    async completeElectronicSession({ session }) {
      const now = options.clock.now();
      if (now.getTime() > session.expiresAt.getTime())
        return { outcome: 'SESSION_EXPIRED', sessionId: session.sessionId };
      return {
        outcome: 'NOTARIZED',
        sessionId: session.sessionId,
        notarizedAt: now,
        notaryName: 'Sandbox Notary',
        commissionNumber: `SBX-${session.sessionId.slice(-6).toUpperCase()}`,
      };
    },

    async listManualSlots(request) {
      return slots(request);
    },

    async bookManualAppointment(request) {
      const slot = slots(request).find((each) => each.startsAt.getTime() === request.startsAt.getTime());
      if (!slot) return { outcome: 'SLOT_UNAVAILABLE' };
      return {
        outcome: 'BOOKED',
        appointmentId: sandboxId('appt', slot.slotId),
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        feeCents: slot.feeCents,
        notaryName: 'Sandbox Mobile Notary',
      };
    },
  };
}
