/**
 * Deterministic recording: a flat $125 fee; New York's mortgage recording tax at $1,050 per $100,000
 * (the 1.05% basic + additional rate outside New York City; within the domain's $0–$1,400 range);
 * recorded after two county business days on the injected clock.
 */
import {
  addCalendarDays,
  isObservedFederalHoliday,
  pacificIsoDate,
  RECORDING_TAX_BASIS_CENTS,
} from '@heloc/domain';
import type { Clock } from '../../lib/clock';
import { hashInt, isBankingDay, sandboxId } from '../shared';
import type { RecordingProvider } from './index';

const RECORDING_FEE_CENTS = 12_500;
const TAX_CENTS_PER_BASIS: Readonly<Record<string, number>> = { NY: 105_000 };
const COUNTY_BUSINESS_DAYS = 2;

function addCountyBusinessDays(isoDate: string, days: number): string {
  let date = isoDate;
  for (let counted = 0; counted < days;) {
    date = addCalendarDays(date, 1);
    if (isBankingDay(date, isObservedFederalHoliday)) counted += 1;
  }
  return date;
}

export function createSandboxRecording(options: { clock: Clock }): RecordingProvider {
  async function quoteFees({
    address,
    lineAmountCents,
  }: {
    address: { state: string };
    lineAmountCents: number;
  }) {
    const rate = TAX_CENTS_PER_BASIS[address.state.trim().toUpperCase()] ?? 0;
    // Pro rata on the line, rounded down to the cent (BigInt keeps a large line times a rate exact).
    const recordingTaxCents = Number(
      (BigInt(lineAmountCents) * BigInt(rate)) / BigInt(RECORDING_TAX_BASIS_CENTS),
    );
    return { recordingFeeCents: RECORDING_FEE_CENTS, recordingTaxCents };
  }

  return {
    quoteFees,
    async submit(request) {
      const submittedAt = options.clock.now();
      return {
        recordingId: sandboxId('rec', request.propertyId, request.idempotencyKey, request.documentSha256),
        submittedAt,
        ...(await quoteFees(request)),
        expectedRecordedOn: addCountyBusinessDays(pacificIsoDate(submittedAt), COUNTY_BUSINESS_DAYS),
      };
    },
    async getStatus({ submission }) {
      const today = pacificIsoDate(options.clock.now());
      if (today < submission.expectedRecordedOn) {
        return {
          status: 'PENDING',
          recordingId: submission.recordingId,
          expectedRecordedOn: submission.expectedRecordedOn,
        };
      }
      return {
        status: 'RECORDED',
        recordingId: submission.recordingId,
        instrumentNumber: `${submission.expectedRecordedOn.slice(0, 4)}-${String(hashInt(0, 999_999, submission.recordingId)).padStart(6, '0')}`,
        recordedOn: submission.expectedRecordedOn,
      };
    },
  };
}
