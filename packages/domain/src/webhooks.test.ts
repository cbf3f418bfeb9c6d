import { describe, expect, it } from 'vitest';
import {
  ZWebhookFilters,
  ZWebhookSubscriptionRequest,
  signWebhookPayload,
  verifyWebhookSignature,
  webhookEventsForAudit,
  webhookFiltersMatch,
  webhookRetryDelayMs,
  type TWebhookEventData,
} from './webhooks';

const event = (overrides: Partial<TWebhookEventData> = {}): TWebhookEventData => ({
  applicationUuid: 'a',
  action: 'PROPERTY_FOUND',
  actorType: 'PROVIDER',
  fromStep: 'WAITING_FOR_PROPERTY',
  toStep: 'LIEN_VERIFICATION',
  propertyState: 'CA',
  ...overrides,
});

describe('the webhook filter language', () => {
  it.each([
    ['no conditions: everything', [], event(), true],
    ['in: listed', [{ field: 'toStep', op: 'in', values: ['LIEN_VERIFICATION'] }], event(), true],
    ['in: not listed', [{ field: 'toStep', op: 'in', values: ['COMPLETE'] }], event(), false],
    ['in: field missing', [{ field: 'conditionCategory', op: 'in', values: ['X'] }], event(), false],
    ['notIn: listed', [{ field: 'propertyState', op: 'notIn', values: ['CA', 'TX'] }], event(), false],
    ['notIn: not listed', [{ field: 'propertyState', op: 'notIn', values: ['TX'] }], event(), true],
    ['notIn: field missing', [{ field: 'conditionCategory', op: 'notIn', values: ['X'] }], event(), true],
    [
      'all conditions must hold',
      [
        { field: 'toStep', op: 'in', values: ['LIEN_VERIFICATION'] },
        { field: 'actorType', op: 'in', values: ['BORROWER'] },
      ],
      event(),
      false,
    ],
    [
      'null is missing',
      [{ field: 'propertyState', op: 'in', values: ['CA'] }],
      event({ propertyState: null }),
      false,
    ],
  ] as const)('%s', (_name, filters, data, expected) => {
    expect(webhookFiltersMatch(ZWebhookFilters.parse(filters), data)).toBe(expected);
  });

  it.each([
    [[{ field: 'toStep', op: 'in', values: ['NOPE'] }], 'NOPE is not a known toStep'],
    [[{ field: 'propertyState', op: 'in', values: ['ZZ'] }], 'ZZ is not a known propertyState'],
    [[{ field: 'actorType', op: 'notIn', values: ['ROBOT'] }], 'ROBOT is not a known actorType'],
    [[{ field: 'toStep', op: 'in', values: [] }], 'List at least one value'],
    [[{ field: 'amount', op: 'in', values: ['1'] }], ''],
    [[{ field: 'toStep', op: 'equals', values: ['COMPLETE'] }], ''],
  ])('refuses %j', (filters, message) => {
    const parsed = ZWebhookFilters.safeParse(filters);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });

  it('takes free values for action and condition category', () => {
    expect(ZWebhookFilters.safeParse([{ field: 'action', op: 'in', values: ['SELECT_OFFER'] }]).success).toBe(
      true,
    );
  });
});

describe('which audit entries are which events', () => {
  const types = (entry: Parameters<typeof webhookEventsForAudit>[0]) =>
    webhookEventsForAudit(entry).map((each) => [each.type, each.extra]);
  it.each([
    [{ kind: 'STEP_CHANGE', action: 'CREDIT_MATCHED', fromStep: 'A', toStep: 'B' }, [['step.changed', {}]]],
    [
      { kind: 'STEP_CHANGE', action: 'SELECT_OFFER', fromStep: 'OFFER_SELECTION', toStep: 'X' },
      [
        ['step.changed', {}],
        ['offer.selected', {}],
      ],
    ],
    [
      { kind: 'STEP_CHANGE', action: 'APPLICATION_SUBMITTED', fromStep: 'A', toStep: 'B' },
      [
        ['step.changed', {}],
        ['application.submitted', {}],
      ],
    ],
    [
      { kind: 'STEP_CHANGE', action: 'FUNDED', fromStep: 'FUNDABLE', toStep: 'COMPLETE' },
      [
        ['step.changed', {}],
        ['application.funded', {}],
      ],
    ],
    [
      { kind: 'STEP_CHANGE', action: 'OFFERS_READY', fromStep: 'A', toStep: 'OFFER_SELECTION' },
      [
        ['step.changed', {}],
        ['decision.made', { decision: 'APPROVED' }],
      ],
    ],
    [
      { kind: 'STEP_CHANGE', action: 'HARD_PULL_DECLINED', fromStep: 'HARD_CREDIT_PULL', toStep: 'DECLINED' },
      [
        ['step.changed', {}],
        ['decision.made', { decision: 'DECLINED' }],
      ],
    ],
    [
      { kind: 'STEP_CHANGE', action: 'CANCEL', fromStep: 'SUMMARY', toStep: 'CANCELLED' },
      [
        ['step.changed', {}],
        ['decision.made', { decision: 'CANCELLED' }],
      ],
    ],
    [{ kind: 'ACTION', action: 'APPLICATION_CREATED' }, [['application.created', {}]]],
    [
      { kind: 'ACTION', action: 'CONDITION_RAISED', data: { category: 'TRUST_REVIEW' } },
      [['condition.raised', { conditionCategory: 'TRUST_REVIEW' }]],
    ],
    [
      { kind: 'ACTION', action: 'CONDITION_WAIVED', data: { category: 'TRUST_REVIEW' } },
      [['condition.cleared', { conditionCategory: 'TRUST_REVIEW', resolution: 'WAIVED' }]],
    ],
    [{ kind: 'ACTION', action: 'BANK_ACCOUNT_VERIFIED' }, []],
  ] as const)('%j', (entry, expected) => {
    expect(types(entry)).toEqual(expected);
  });
});

describe('signatures', () => {
  const secret = 'whsec_abc';
  const body = '{"id":"e1","type":"step.changed"}';
  it('HMAC-SHA256 over timestamp.body, hex (a known vector)', async () => {
    // printf '%s' '1700000000.{"id":"e1","type":"step.changed"}' | openssl dgst -sha256 -hmac whsec_abc
    expect(await signWebhookPayload(secret, 1_700_000_000, body)).toBe(
      'v1=4eb71bc1c3ba261a624ae0516a4d69eb8239d478ca212263841330c246d48c28',
    );
  });
  it.each([
    ['valid', secret, body, 1_700_000_000, 1_700_000_100, null],
    ['another secret', 'whsec_other', body, 1_700_000_000, 1_700_000_000, 'bad signature'],
    ['a changed body', secret, `${body} `, 1_700_000_000, 1_700_000_000, 'bad signature'],
    ['too old', secret, body, 1_700_000_000, 1_700_000_301, 'stale timestamp'],
    ['from the future', secret, body, 1_700_000_400, 1_700_000_000, 'stale timestamp'],
  ] as const)('%s', async (_name, verifyWith, receivedBody, signedAt, now, expected) => {
    const signature = await signWebhookPayload(secret, signedAt, body);
    expect(
      await verifyWebhookSignature({
        secret: verifyWith,
        body: receivedBody,
        timestamp: String(signedAt),
        signature,
        nowSeconds: now,
      }),
    ).toBe(expected);
  });
  it('needs both headers', async () => {
    expect(
      await verifyWebhookSignature({ secret, body, timestamp: undefined, signature: 'v1=00', nowSeconds: 1 }),
    ).toBe('missing headers');
  });
});

describe('retry backoff', () => {
  it('grows threefold from 10 s and stops at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(webhookRetryDelayMs)).toEqual([
      10_000, 30_000, 90_000, 270_000, 810_000, 2_430_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('subscription requests', () => {
  it('defaults filters and description; refuses non-http(s) and credentials', () => {
    expect(
      ZWebhookSubscriptionRequest.parse({ url: 'https://x.example/h', eventTypes: ['step.changed'] }),
    ).toMatchObject({ filters: [], description: '' });
    for (const url of ['ftp://x.example/h', 'https://u:p@x.example/h', 'javascript:alert(1)', 'not a url'])
      expect(ZWebhookSubscriptionRequest.safeParse({ url, eventTypes: ['step.changed'] }).success).toBe(
        false,
      );
  });
});
