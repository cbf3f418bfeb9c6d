/** Maps stored applications to the shape the spec's application calls answer. */
import type { THelocApplicationView, UsStateCode } from '@heloc/domain';
import { emptyRecords, type ApplicationRecords, type ApplicationWithProperty } from './repository';
import type { CoDeedView } from '../co-deed/store';

const NO_SIGNERS: CoDeedView = { coDeedStatus: 'NOT_REQUIRED', helocSigners: [] };

export function toApplicationView(
  { application, property }: ApplicationWithProperty,
  records: ApplicationRecords = emptyRecords(),
  /** Additional signers (modules/co-deed); none when not given. */
  coDeed: CoDeedView = NO_SIGNERS,
): THelocApplicationView {
  return {
    uuid: application.uuid,
    loanNumber: application.loanNumber,
    orgCode: application.orgCode,
    step: application.step as THelocApplicationView['step'],
    term: application.termYears,
    rate: application.rateBps,
    originationFeeBps: application.originationFeeBps,
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
    coDeedStatus: coDeed.coDeedStatus,
    isCrypto: application.isCrypto,
    requestedManualNotaryTime: records.requestedManualNotaryTime,
    additionalSignerVersion: 'v1',
    helocSigners: coDeed.helocSigners,
    referrer: application.referrerUuid ? { referrerUuid: application.referrerUuid } : null,
    auditFields: { createdDate: application.createdAt.toISOString() },
  };
}
