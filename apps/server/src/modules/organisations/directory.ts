/**
 * The organisation directory: every organisation held in memory (about 50 small rows, read on
 * every page load), looked up by code or by request host. `reload()` re-reads the table.
 */
import type { TOrgData } from '@heloc/domain';
import type { Database } from '../../db';
import { hostOf, listOrganisations } from './repository';

export class OrganisationDirectory {
  private byCode = new Map<string, TOrgData>();
  private byHost = new Map<string, TOrgData>();

  constructor(private readonly db: Database) {}

  async reload(): Promise<void> {
    const orgs = await listOrganisations(this.db);
    this.byCode = new Map(orgs.map((org) => [org.orgCode, org]));
    this.byHost = new Map(orgs.map((org) => [hostOf(org.baseUrl), org]));
  }

  all(): TOrgData[] {
    return [...this.byCode.values()];
  }

  byOrgCode(code: string | null | undefined): TOrgData | null {
    if (!code) return null;
    return this.byCode.get(code.trim().toUpperCase()) ?? null;
  }

  byRequestHost(host: string | undefined): TOrgData | null {
    if (!host) return null;
    return this.byHost.get(host.toLowerCase()) ?? null;
  }
}
