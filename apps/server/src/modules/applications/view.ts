/** Maps stored applications to the shape the spec's application calls answer. */
import type { THelocApplicationView, UsStateCode } from '@heloc/domain';
import type { ApplicationRecords, ApplicationWithProperty } from './repository';

const NO_RECORDS: ApplicationRecords = {
  consents: [],
  documents: [],
  disburseAccount: null,
  autopayAccount: null,
  payType: null,
  insurance: { complete: false },
  requestedManualNotaryTime: null,
};

export function toApplicationView(
  { application, property }: ApplicationWithProperty,
  records: ApplicationRecords = NO_RECORDS,
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
    // Income sources and signers are not listed here (the closing endpoints answer them).
    consents: records.consents,
    documents: records.documents,
    incomeSources: [],
    disburseAccount: records.disburseAccount,
    autopayAccount: records.autopayAccount,
    payType: records.payType,
    hasHmda: application.hasHmda,
    assetDepletion: { complete: application.assetDepletionComplete },
    insurance: records.insurance,
    coDeedStatus: 'NOT_REQUIRED',
    isCrypto: application.isCrypto,
    requestedManualNotaryTime: records.requestedManualNotaryTime,
    additionalSignerVersion: 'v1',
    helocSigners: [],
    referrer: application.referrerUuid ? { referrerUuid: application.referrerUuid } : null,
    auditFields: { createdDate: application.createdAt.toISOString() },
  };
}
