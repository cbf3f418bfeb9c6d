/** The start-up sync of the seed file's organisations into the settings versions. */
import { applyOrgSettings, orgSettingsOf, type TOrgData, type TOrgSettings } from '@heloc/domain';
import type { Database } from '../../db';
import {
  lockOrganisationsTable,
  setInitialSettingsVersion,
  upsertOrganisations,
} from '../organisations/repository';
import { insertMissingLoanOriginators, type NewLoanOriginator } from '../lead-portal/repository';
import {
  insertInitialVersions,
  publishedSettings,
  versionsMissing,
  addToVersion,
  appendPublishedLoanOfficers,
} from './repository';
import { loanOfficersOf, operationRows, operationsFromRows } from './operations';
import { SEED_VERSION_NOTE } from './service';

/**
 * The start-up sync of the seed file (seed/seed.ts): a new organisation is inserted and its
 * settings become version 1 (published); one with a published version keeps that version's settings
 * (brand, contact, licensed states, pricing) and takes everything else from the file (codes, baseUrl,
 * kind, product switches, HMDA reporter), so a restart never undoes a published change. An
 * organisation from before settings versions existed is written from the file and gets version 1.
 */
export async function syncSeedOrganisations(
  db: Database,
  seed: readonly TOrgData[],
  loanOriginators: readonly NewLoanOriginator[] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganisationsTable(tx);
    const kept = await publishedSettings(tx);
    await upsertOrganisations(
      tx,
      seed.map((org) => {
        const settings = kept.get(org.orgCode);
        return settings ? applyOrgSettings(org, settings) : org;
      }),
    );
    // The seed's loan officers that are missing (an existing row, maybe edited or deactivated in a
    // published version, stays as it is), after their organisations and before version 1.
    const seeded = new Set(seed.map((org) => org.orgCode));
    await insertMissingLoanOriginators(
      tx,
      loanOriginators.filter((row) => seeded.has(row.orgCode)),
    );
    const initial = seed.filter((org) => !kept.has(org.orgCode));
    // The hours and flags tables are seeded first (seed.ts), so version 1 holds the seed's hours
    // and flags, or an operator's where they changed them before settings held them.
    const hoursRows = await operationRows(tx);
    await insertInitialVersions(
      tx,
      initial.map((org) => ({
        orgCode: org.orgCode,
        settings: orgSettingsOf(org, operationsFromRows(hoursRows, org.orgCode)),
      })),
      SEED_VERSION_NOTE,
    );
    // Versions saved before the document held hours and holidays (or flags) get what the tables
    // hold now and no holidays, so every stored document is a whole one.
    for (const row of await versionsMissing(tx, 'hours'))
      await addToVersion(tx, row.uuid, {
        hours: operationsFromRows(hoursRows, row.orgCode).hours,
        holidays: [],
      });
    for (const row of await versionsMissing(tx, 'featureFlags'))
      await addToVersion(tx, row.uuid, {
        featureFlags: operationsFromRows(hoursRows, row.orgCode).featureFlags,
      });
    for (const row of await versionsMissing(tx, 'loanOfficers'))
      await addToVersion(tx, row.uuid, {
        loanOfficers: operationsFromRows(hoursRows, row.orgCode).loanOfficers,
      });
    // A seed officer new to the file joins the published list of an organisation published before
    // (else the next publication, drafted from that list, would deactivate them).
    for (const [orgCode, settings] of kept) {
      // A version saved before the document held loan officers was completed above from the table.
      const officers = settings.loanOfficers as TOrgSettings['loanOfficers'] | undefined;
      if (!officers) continue;
      const listed = new Set(officers.map((officer) => officer.uuid.toLowerCase()));
      await appendPublishedLoanOfficers(
        tx,
        orgCode,
        loanOfficersOf(hoursRows.officers, orgCode).filter((officer) => !listed.has(officer.uuid)),
      );
    }
    await setInitialSettingsVersion(
      tx,
      initial.map((org) => org.orgCode),
    );
  });
}
