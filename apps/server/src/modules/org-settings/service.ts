/**
 * Organisation settings (issue 16 item 2), each operation through the staff policy with
 * ORG_SETTINGS_MANAGE (an organisation's admin for their own, platform admins for any; another
 * organisation answers 404):
 *   - a change is a new version (a draft) with who, when and a note;
 *   - a version is shown with its changes against the published one;
 *   - publishing writes the organisation's row in the same transaction as the version's publication,
 *     so the organisations trigger tells every instance (change-listener.ts) and this one re-reads at once;
 *   - a rollback is a new version equal to an older published one, published at once;
 *   - the borrower pages may show a version before it is published (`?preview=`) to a signed-in member
 *     who could publish it (`previewOrganisation`).
 * Each write is in the staff audit trail.
 */
import type { FastifyRequest } from 'fastify';
import {
  applyOrgSettings,
  diffOrgSettings,
  hoursEntriesOf,
  orgSettingsOf,
  type TOrgData,
  type TOrgSettings,
  type TOrgSettingsOverview,
  type TSettingsVersion,
  type TSettingsVersionSummary,
} from '@heloc/domain';
import type { Database } from '../../db';
import { AppError } from '../../lib/errors';
import type { OrganisationDirectory } from '../organisations/directory';
import { organisationWithVersion, writeOrganisation } from '../organisations/repository';
import { upsertHours } from '../operating-hours/repository';
import { setOrgFlags } from '../feature-flags/repository';
import { setOrgLoanOfficers } from '../lead-portal/repository';
import { recordStaffAudit } from '../staff/audit';
import { authorizeStaff } from '../staff/policy';
import {
  findVersion,
  insertVersion,
  listVersions,
  markPublished,
  nextVersionNumber,
  type VersionRow,
} from './repository';
import { DEPARTMENTS, operationRows, operationsFromRows, refuseForeignLoanOfficers } from './operations';

export const PERMISSION = 'ORG_SETTINGS_MANAGE' as const;
export const NOT_FOUND = 'Organisation not found';
export const SEED_VERSION_NOTE = 'Initial version from the seed file';

export type SettingsDeps = { db: Database; orgs: OrganisationDirectory };

function summary(row: VersionRow, publishedVersion: number | null): TSettingsVersionSummary {
  return {
    uuid: row.uuid,
    version: row.version,
    state: !row.publishedAt
      ? 'DRAFT'
      : row.version === publishedVersion
        ? 'PUBLISHED'
        : 'PREVIOUSLY_PUBLISHED',
    note: row.note,
    createdBy: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    publishedBy: row.publishedByEmail,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    rolledBackFrom: row.rolledBackFrom,
  };
}

/** The organisation a staff call names, checked by the policy (404 across organisations or unknown). */
export async function authorized(deps: SettingsDeps, request: FastifyRequest, orgCode: string) {
  const org = deps.orgs.byOrgCode(orgCode);
  const staff = await authorizeStaff(request, PERMISSION, org?.orgCode, NOT_FOUND);
  return { org: org!, staff };
}

/** The published settings of an organisation: its published version's, else its current data's. */
export async function published(deps: SettingsDeps, org: TOrgData) {
  const locked = await organisationWithVersion(deps.db, org.orgCode, { forUpdate: false });
  const version = locked?.settingsVersion ?? null;
  const row = version === null ? null : await findVersion(deps.db, org.orgCode, { version });
  if (row) return { version, settings: row.settings };
  const operations = operationsFromRows(await operationRows(deps.db), org.orgCode);
  return { version, settings: orgSettingsOf(locked?.org ?? org, operations) };
}

export async function settingsOverview(
  deps: SettingsDeps,
  request: FastifyRequest,
  orgCode: string,
): Promise<TOrgSettingsOverview> {
  const { org } = await authorized(deps, request, orgCode);
  const current = await published(deps, org);
  const rows = await listVersions(deps.db, org.orgCode);
  return {
    orgCode: org.orgCode,
    publishedVersion: current.version ?? 0,
    published: current.settings,
    versions: rows.map((row) => summary(row, current.version)),
  };
}

export async function settingsVersion(
  deps: SettingsDeps,
  request: FastifyRequest,
  orgCode: string,
  version: number,
): Promise<TSettingsVersion> {
  const { org } = await authorized(deps, request, orgCode);
  const row = await findVersion(deps.db, org.orgCode, { version });
  if (!row) throw new AppError('NOT_FOUND', `Version ${version} not found`);
  const current = await published(deps, org);
  return {
    ...summary(row, current.version),
    settings: row.settings,
    changes: diffOrgSettings(current.settings, row.settings),
  };
}

export async function createDraft(
  deps: SettingsDeps,
  request: FastifyRequest,
  orgCode: string,
  body: { settings: TOrgSettings; note: string },
): Promise<TSettingsVersion> {
  const { org, staff } = await authorized(deps, request, orgCode);
  const version = await deps.db.transaction(async (tx) => {
    await organisationWithVersion(tx, org.orgCode, { forUpdate: true });
    await refuseForeignLoanOfficers(tx, org.orgCode, body.settings);
    const next = await nextVersionNumber(tx, org.orgCode);
    await insertVersion(tx, {
      orgCode: org.orgCode,
      version: next,
      settings: body.settings,
      note: body.note,
      createdByUuid: staff.identityUuid,
    });
    await recordStaffAudit(tx, {
      actor: staff,
      action: 'ORG_SETTINGS_DRAFTED',
      orgCode: org.orgCode,
      data: { version: next, note: body.note },
    });
    return next;
  });
  return settingsVersion(deps, request, org.orgCode, version);
}

/** Writes the settings over the organisation and marks the version published, in the caller's transaction. */
async function publishInTransaction(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  orgCode: string,
  version: number,
  settings: TOrgSettings,
): Promise<void> {
  const locked = await organisationWithVersion(tx, orgCode, { forUpdate: true });
  if (!locked) throw new AppError('NOT_FOUND', NOT_FOUND);
  await writeOrganisation(tx, applyOrgSettings(locked.org, settings), version);
  // The organisation's own row for every day of both departments: the published week is its week,
  // whatever the defaults ('*') say later. Holidays are read from the published version itself.
  await upsertHours(
    tx,
    DEPARTMENTS.flatMap((department) =>
      hoursEntriesOf(settings.hours[department]).map((entry) => ({
        department,
        orgCode,
        weekdayValue: entry.weekdayValue,
        isOpen: entry.isOpen,
        startTime: entry.startTime,
        endTime: entry.endTime,
      })),
    ),
  );
  // Likewise every known flag gets the organisation's own row, switched as the document says (its
  // variables, e.g. the maintenance routes, stay as they were, or start as the default's).
  await setOrgFlags(tx, orgCode, settings.featureFlags);
  // And its loan officers: each written as listed; one no longer listed is deactivated, never deleted.
  await refuseForeignLoanOfficers(tx, orgCode, settings);
  await setOrgLoanOfficers(tx, orgCode, settings.loanOfficers);
}

export async function publishVersion(
  deps: SettingsDeps,
  request: FastifyRequest,
  orgCode: string,
  version: number,
  note: string,
): Promise<TSettingsVersion> {
  const { org, staff } = await authorized(deps, request, orgCode);
  await deps.db.transaction(async (tx) => {
    const locked = await organisationWithVersion(tx, org.orgCode, { forUpdate: true });
    const row = await findVersion(tx, org.orgCode, { version });
    if (!locked || !row) throw new AppError('NOT_FOUND', `Version ${version} not found`);
    if (row.publishedAt)
      throw new AppError(
        'CONFLICT',
        row.version === locked.settingsVersion
          ? `Version ${version} is already published`
          : `Version ${version} was published before: roll back to it instead`,
      );
    if (!(await markPublished(tx, row.uuid, staff.identityUuid)))
      throw new AppError('CONFLICT', `Version ${version} is already published`);
    await publishInTransaction(tx, org.orgCode, version, row.settings);
    await recordStaffAudit(tx, {
      actor: staff,
      action: 'ORG_SETTINGS_PUBLISHED',
      orgCode: org.orgCode,
      data: { version, previousVersion: locked.settingsVersion, note },
    });
  });
  // This instance at once; the others when the organisations trigger's notice arrives.
  await deps.orgs.reload();
  return settingsVersion(deps, request, org.orgCode, version);
}

export async function rollBack(
  deps: SettingsDeps,
  request: FastifyRequest,
  orgCode: string,
  toVersion: number,
  note: string,
): Promise<TSettingsVersion> {
  const { org, staff } = await authorized(deps, request, orgCode);
  const created = await deps.db.transaction(async (tx) => {
    const locked = await organisationWithVersion(tx, org.orgCode, { forUpdate: true });
    const row = await findVersion(tx, org.orgCode, { version: toVersion });
    if (!locked || !row) throw new AppError('NOT_FOUND', `Version ${toVersion} not found`);
    if (!row.publishedAt)
      throw new AppError('CONFLICT', `Version ${toVersion} was never published: publish it instead`);
    if (row.version === locked.settingsVersion)
      throw new AppError('CONFLICT', `Version ${toVersion} is the published version`);
    const next = await nextVersionNumber(tx, org.orgCode);
    await insertVersion(tx, {
      orgCode: org.orgCode,
      version: next,
      settings: row.settings,
      note,
      createdByUuid: staff.identityUuid,
      publishedByUuid: staff.identityUuid,
      published: true,
      rolledBackFrom: toVersion,
    });
    await publishInTransaction(tx, org.orgCode, next, row.settings);
    await recordStaffAudit(tx, {
      actor: staff,
      action: 'ORG_SETTINGS_ROLLED_BACK',
      orgCode: org.orgCode,
      data: { version: next, rolledBackFrom: toVersion, previousVersion: locked.settingsVersion, note },
    });
    return next;
  });
  await deps.orgs.reload();
  return settingsVersion(deps, request, org.orgCode, created);
}
