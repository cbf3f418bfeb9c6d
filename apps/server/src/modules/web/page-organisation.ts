/**
 * Which organisation a page request is served for (DESIGN.md §5): `?org=CODE` when enabled
 * (development and tests; remembered in a session cookie), else the request host, else the
 * remembered code, else the configured default. `null` means "No private label data found."
 */
import type { TOrgData } from '@heloc/domain';
import type { OrganisationDirectory } from '../organisations/directory';

export const ORG_COOKIE = 'heloc_org';

export type PageOrganisationInput = {
  queryOrg: string | undefined;
  cookieOrg: string | undefined;
  host: string | undefined;
  orgQueryParam: boolean;
  defaultOrgCode: string | null;
};

export type PageOrganisation = {
  org: TOrgData | null;
  /** Code to remember in the session cookie (a valid `?org=` choice). */
  remember?: string;
  /** Forget a remembered code (an unknown `?org=` choice). */
  forget?: true;
};

export function resolvePageOrganisation(
  directory: Pick<OrganisationDirectory, 'byOrgCode' | 'byRequestHost'>,
  input: PageOrganisationInput,
): PageOrganisation {
  if (input.orgQueryParam && input.queryOrg !== undefined) {
    const chosen = directory.byOrgCode(input.queryOrg);
    return chosen ? { org: chosen, remember: chosen.orgCode } : { org: null, forget: true };
  }
  const byHost = directory.byRequestHost(input.host);
  if (byHost) return { org: byHost };
  if (input.orgQueryParam && input.cookieOrg) {
    const remembered = directory.byOrgCode(input.cookieOrg);
    if (remembered) return { org: remembered };
  }
  return { org: directory.byOrgCode(input.defaultOrgCode) };
}
