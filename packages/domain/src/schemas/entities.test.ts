import { describe, expect, it } from 'vitest';
import {
  EMPTY_APPLICATION_STATUS,
  ZApplicationStatus,
  ZApplicationStatusResponse,
} from './application-status';
import { ZHelocApplication, hasSelectedOffer } from './application';
import type { THelocApplicationInput } from './application';
import { ZIsoDate, ZUuid } from './common';
import { ZCondition } from './condition';
import { ZLoanOriginatorInfo, loanOriginatorHeading } from './loan-originator';
import { ZNotification } from './notification';
import { ZOperatingHoursEntry, isWeekendDay } from './operating-hours';
import { ZPhoneDigits, ZProfile } from './profile';
import { ZTelemetrySessionKey } from './telemetry';

const ID = '3f2a9c4e-1b7d-4e8a-9c0f-5d6e7f8a9b0c';
const ID2 = '00000000-0000-4000-8000-000000000002';
const NOW = '2024-03-04T12:00:00.000Z';

describe('ZUuid / ZIsoDate', () => {
  it('follows the spec shapes', () => {
    expect(ZUuid.safeParse(ID.toUpperCase()).success).toBe(true);
    expect(ZUuid.safeParse('00000000-0000-0000-0000-000000000000').success).toBe(true);
    expect(ZUuid.safeParse('not-a-uuid').success).toBe(false);
    expect(ZIsoDate.safeParse('2024-02-29').success).toBe(true);
    expect(ZIsoDate.safeParse('2023-02-29').success).toBe(false);
  });
});

describe('ZCondition', () => {
  const base = {
    uuid: ID,
    categoryEnum: 'MANUAL_PAYSTUB_UPLOAD',
    created: NOW,
    actionNeeded: true,
    requestDocuments: true,
  };

  it.each([
    [undefined, 1],
    [null, 1],
    [{}, 1],
    [{ numDocsRequired: 3 }, 3],
  ])('xtraData %j → numDocsRequired %s', (xtraData, expected) => {
    expect(ZCondition.parse({ ...base, xtraData }).xtraData.numDocsRequired).toBe(expected);
  });

  it('rejects an unknown category and a count below 1', () => {
    expect(ZCondition.safeParse({ ...base, categoryEnum: 'SOMETHING' }).success).toBe(false);
    expect(ZCondition.safeParse({ ...base, xtraData: { numDocsRequired: 0 } }).success).toBe(false);
  });
});

describe('ZHelocApplication', () => {
  const application: THelocApplicationInput = {
    uuid: ID,
    loanNumber: 'H-000123',
    term: 10,
    rate: 760,
    amount: 5_000_000,
    uwCalculatedDrawAmount: 10_000_000,
    adjustedHomeAmount: 65_000_000,
    selectedPropertyUuid: ID2,
    property: {
      uuid: ID2,
      address: { street1: '123 MAIN ST', city: 'SPRINGFIELD', state: 'IL', zip: '62701' },
      state: 'IL',
    },
    consents: [{ type: 'SOFT_CREDIT' }],
    documents: [{ uuid: ID2, type: 'DRIVERS_LICENSE_FRONT' }],
    incomeSources: [{ uuid: ID2, employmentType: 'SELF_EMPLOYED' }],
    disburseAccount: { uuid: ID2, routingNumber: '021000021', mask: '6789' },
    autopayAccount: null,
    payType: 'AUTOPAY',
    hasHmda: false,
    assetDepletion: { complete: false },
    insurance: { complete: false },
    coDeedStatus: 'NOT_REQUIRED',
    isCrypto: false,
    requestedManualNotaryTime: null,
    additionalSignerVersion: 'v1',
    referrer: null,
    auditFields: { createdDate: NOW },
  };

  it('parses a full application and defaults helocSigners', () => {
    const parsed = ZHelocApplication.parse(application);
    expect(parsed.helocSigners).toEqual([]);
    expect(hasSelectedOffer(parsed)).toBe(true);
  });

  it.each([
    ['amount in dollars with cents', { amount: 50_000.5 }],
    ['negative amount', { amount: -1 }],
    ['unknown document type', { documents: [{ uuid: ID2, type: 'SELFIE' }] }],
    ['unknown consent', { consents: [{ type: 'CREDIT' }] }],
    ['bad routing number', { disburseAccount: { uuid: ID2, routingNumber: '123', mask: '6789' } }],
  ])('rejects %s', (_, change) => {
    expect(ZHelocApplication.safeParse({ ...application, ...change }).success).toBe(false);
  });

  it.each([
    [{ term: 0, rate: 760, amount: 1 }, false],
    [{ term: 10, rate: 0, amount: 1 }, false],
    [{ term: 10, rate: 760, amount: 0 }, false],
    [{ term: 10, rate: 760, amount: 1 }, true],
  ])('hasSelectedOffer(%j) → %s', (offer, expected) => {
    expect(hasSelectedOffer(offer)).toBe(expected);
  });
});

describe('ZApplicationStatus', () => {
  it('has every flag and parses the empty status', () => {
    expect(ZApplicationStatus.parse(EMPTY_APPLICATION_STATUS)).toEqual(EMPTY_APPLICATION_STATUS);
    expect(Object.keys(ZApplicationStatus.shape).sort()).toEqual(
      Object.keys(EMPTY_APPLICATION_STATUS).sort(),
    );
    const response = { status: 'WAITING_FOR_APP_SUMMARY', applicationStatus: EMPTY_APPLICATION_STATUS };
    expect(ZApplicationStatusResponse.safeParse(response).success).toBe(true);
    expect(ZApplicationStatusResponse.safeParse({ ...response, status: 'NOPE' }).success).toBe(false);
  });
});

describe('loan originator', () => {
  it.each([
    [{ originatorName: 'Jane Doe', brokerName: 'Acme Brokers' }, 'Your Loan Officer'],
    [{ originatorName: 'Jane Doe', brokerName: null }, 'Your Loan Officer'],
    [{ originatorName: null, brokerName: 'Acme Brokers' }, 'Your Broker'],
    [{ originatorName: '  ', brokerName: 'Acme Brokers' }, 'Your Broker'],
    [{ originatorName: null, brokerName: undefined }, null],
    [{}, null],
  ])('%j → %s', (info, expected) => {
    expect(loanOriginatorHeading(info)).toBe(expected);
  });

  it('parses the lead portal answer', () => {
    const info = {
      loanOriginatorUuid: ID,
      originatorDisplayInfo: { originatorName: 'Jane', nmls: '123456' },
    };
    expect(ZLoanOriginatorInfo.safeParse(info).success).toBe(true);
  });
});

describe('other entities', () => {
  it('operating hours keep weekdayValue in 1–7', () => {
    const entry = {
      weekday: 'Saturday',
      weekdayValue: 6,
      isOpen: true,
      startTime: '09:00',
      endTime: '17:30:00',
    };
    expect(ZOperatingHoursEntry.safeParse(entry).success).toBe(true);
    expect(ZOperatingHoursEntry.safeParse({ ...entry, weekdayValue: 0 }).success).toBe(false);
    expect(ZOperatingHoursEntry.safeParse({ ...entry, weekdayValue: 8 }).success).toBe(false);
    expect(ZOperatingHoursEntry.safeParse({ ...entry, startTime: '24:00' }).success).toBe(false);
    expect([1, 5, 6, 7].map(isWeekendDay)).toEqual([false, false, true, true]);
  });

  it('notifications default ctas and refuse off-site redirects', () => {
    const notification = { uuid: ID, title: 'T', description: 'D', created: NOW, status: 'UNREAD' };
    expect(ZNotification.parse(notification).ctas).toEqual([]);
    const cta = (redirectPath: string) => ({ ...notification, ctas: [{ title: 'Go', redirectPath }] });
    expect(ZNotification.safeParse(cta('/account/heloc')).success).toBe(true);
    expect(ZNotification.safeParse(cta('https://evil.com')).success).toBe(false);
  });

  it('normalises phone input to 10 digits', () => {
    expect(ZPhoneDigits.parse('+1 (888) 819-6388')).toBe('8888196388');
    expect(ZPhoneDigits.safeParse('12345').error?.issues[0]?.message).toBe(
      'Please enter a valid phone number',
    );
    expect(ZPhoneDigits.parse('+1 4155550134')).toBe('4155550134');
  });

  it.each(['', '   '])(
    'an empty phone %j is "Required" (spec 1 §5), wherever the number is asked',
    (value) => {
      expect(ZPhoneDigits.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(['Required']);
    },
  );

  it('parses a profile', () => {
    const profile = {
      uuid: ID,
      name: { uuid: ID2, firstName: 'Ann', lastName: 'Lee' },
      dob: '1980-05-17',
      email: 'ann@example.com',
      phoneNumbers: [{ uuid: ID2, number: '8888196388' }],
      addresses: [
        { uuid: ID2, street1: '1 A St', city: 'Austin', state: 'TX', zip: '73301', ownership: null },
      ],
      hasSsn: true,
      type: 'CO_DEEDER',
    };
    expect(ZProfile.parse(profile).phoneNumbers[0]?.primary).toBe(false);
    expect(ZProfile.safeParse({ ...profile, dob: '1980-02-30' }).success).toBe(false);
  });

  it('parses a telemetry session key', () => {
    expect(
      ZTelemetrySessionKey.safeParse({ uuid: ID, epoch: 1_709_553_600_000, trackerUuid: ID2 }).success,
    ).toBe(true);
    expect(ZTelemetrySessionKey.safeParse({ uuid: ID, epoch: -1, trackerUuid: ID2 }).success).toBe(false);
  });
});
