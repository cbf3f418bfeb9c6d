/** What the submission route files share: the organisation's pricing of an application. */
import type { FastifyInstance } from 'fastify';
import { mergePricing } from '@heloc/domain';
import type { ApplicationRow } from '../../../workflow/step-machine';

export function submissionContext(app: FastifyInstance) {
  const pricingOf = (application: ApplicationRow) =>
    mergePricing(app.orgs.byOrgCode(application.orgCode)?.orgPricingData ?? []);

  return { pricingOf };
}
