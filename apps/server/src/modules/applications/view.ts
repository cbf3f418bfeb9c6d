/** Maps stored applications to the shape the spec's application calls answer. */
import type { THelocApplicationView, UsStateCode } from '@heloc/domain';
import { emptyRecords, type ApplicationRecords, type ApplicationWithProperty } from './repository';

export function toApplicationView(
  { application, property }: ApplicationWithProperty,
  records: ApplicationRecords = emptyRecords(),
): THelocApplicationView {
  return {
    uuid: application.uuid,
    loanNumber: application.loanNumber,
    orgCode: application.orgCode,
    step: application.step as THelocApplicationView['step'],
    term: application.termYears,
    rate: application.rateBps,
    amount: application.amountCents,
    uwCalculatedDrawAmount: application.uwCalculatedDrawAmountCents,
    adjustedHomeAmount: application.adjustedHomeAmountCents,
    selectedPropertyUuid: application.selectedPropertyUuid,
    property: property
      ? {
          uuid: property.uuid,
          state: property.state as UsStateCode,
          address: {
            street1: property.street1,
            street2: property.street2,
            city: property.city,
            state: property.state as UsStateCode,
            zip: property.zip,
          },
        }
      : null,
    consents: records.consents,
    documents: records.documents,
    incomeSources: records.incomeSources,
    disburseAccount: records.disburseAccount,
    autopayAccount: records.autopayAccount,
    payType: records.payType,
    hasHmda: application.hasHmda,
    assetDepletion: { complete: application.assetDepletionComplete },
    insurance: records.insurance,
    // Additional signers (co-deeders) are invited by the co-owner flow (issue 7); until one is on the
    // application there is nobody to wait for.
    coDeedStatus: 'NOT_REQUIRED',
    isCrypto: application.isCrypto,
    requestedManualNotaryTime: records.requestedManualNotaryTime,
    additionalSignerVersion: 'v1',
    helocSigners: [],
    referrer: application.referrerUuid ? { referrerUuid: application.referrerUuid } : null,
    auditFields: { createdDate: application.createdAt.toISOString() },
  };
}
