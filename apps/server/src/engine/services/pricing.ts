/** The organisation's pricing of an application, as the engine's services read it. */
import { mergePricing } from '@heloc/domain';
import type { ApplicationRow } from '../../workflow/step-machine';
import type { EngineDeps } from './deps';

/** The organisation's pricing of the application (its DTI cap, minimum line, rates), defaults filled in. */
export function pricingOf({ orgs }: Pick<EngineDeps, 'orgs'>, application: ApplicationRow) {
  return mergePricing(orgs.byOrgCode(application.orgCode)?.orgPricingData ?? []);
}
