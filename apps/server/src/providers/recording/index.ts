/**
 * Recording of the deed of trust / mortgage with the county recorder after rescission (checklist
 * RECORDING), with the recording fee and the state's mortgage recording tax (New York charges one on
 * the secured amount; most states charge none).
 *
 * Production: an e-recording service (Simplifile/ICE, CSC eRecording, Indecomm) submitting the
 * signed, notarized instrument to the county; the county returns instrument number, book/page and
 * recording date by webhook; fees are the county's published schedule.
 */
import type { PropertyAddress, ProviderCallOptions } from '../shared';

export interface RecordingRequest {
  applicationUuid: string;
  propertyId: string;
  address: PropertyAddress;
  /** The credit line secured: the basis of a mortgage recording tax. */
  lineAmountCents: number;
  documentSha256: string;
  idempotencyKey: string;
}

export interface RecordingSubmission {
  recordingId: string;
  submittedAt: Date;
  recordingFeeCents: number;
  recordingTaxCents: number;
  /** yyyy-MM-dd the county is expected to record on. */
  expectedRecordedOn: string;
}

export type RecordingStatusResult =
  | { status: 'PENDING'; recordingId: string; expectedRecordedOn: string }
  | { status: 'RECORDED'; recordingId: string; instrumentNumber: string; recordedOn: string };

export interface RecordingProvider {
  /** Fees the county will charge, for disclosures before submission. */
  quoteFees(
    request: Pick<RecordingRequest, 'address' | 'lineAmountCents'>,
  ): Promise<{ recordingFeeCents: number; recordingTaxCents: number }>;
  submit(request: RecordingRequest, options?: ProviderCallOptions): Promise<RecordingSubmission>;
  getStatus(
    request: { submission: RecordingSubmission },
    options?: ProviderCallOptions,
  ): Promise<RecordingStatusResult>;
}
