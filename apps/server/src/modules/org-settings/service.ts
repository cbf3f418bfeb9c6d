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
  settingsWeekOf,
  SETTINGS_DEPARTMENTS,
  SETTINGS_FLAG_KEYS,
  hasPermission,
  orgSettingsOf,
  staffReachesOrg,
  svgLogoProblem,
  LOGO_MAX_BYTES,
  type TOrgData,
  type TOrgOperations,
  type TOrgSettings,
  type TSettingsDepartment,
  type TOrgSettingsOverview,
  type TSettingsVersion,
  type TSettingsVersionSummary,
} from '@heloc/domain';
import type { Database, Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { findLiveSessionByFingerprint } from '../identity/repository';
import { hashFingerprint } from '../identity/fingerprint';
import type { OrganisationDirectory } from '../organisations/directory';
import {
  organisationWithVersion,
  lockOrganisationsTable,
  setInitialSettingsVersion,
  upsertOrganisations,
  writeOrganisation,
} from '../organisations/repository';
import { listAllHoursRows, upsertHours, type OperatingHoursRow } from '../operating-hours/repository';
import { toWeek } from '../operating-hours/service';
import { listAllFlagRows, setOrgFlags, type FeatureFlagRow } from '../feature-flags/repository';
import { decide } from '../feature-flags/service';
import {
  insertMissingLoanOriginators,
  listAllLoanOriginators,
  originatorsOfOtherOrganisations,
  setOrgLoanOfficers,
  type LoanOriginatorRow,
  type NewLoanOriginator,
} from '../lead-portal/repository';
import { recordStaffAudit } from '../staff/audit';
import { authorizeStaff, loadStaffMember, type StaffContext } from '../staff/policy';
import {
  findVersion,
  insertInitialVersions,
  insertVersion,
  listVersions,
  markPublished,
  nextVersionNumber,
  publishedSettings,
  versionsMissing,
  addToVersion,
  appendPublishedLoanOfficers,
  type VersionRow,
} from './repository';

export const PERMISSION = 'ORG_SETTINGS_MANAGE' as const;
const NOT_FOUND = 'Organisation not found';
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
async function authorized(deps: SettingsDeps, request: FastifyRequest, orgCode: string) {
  const org = deps.orgs.byOrgCode(orgCode);
  const staff = await authorizeStaff(request, PERMISSION, org?.orgCode, NOT_FOUND);
  return { org: org!, staff };
}

const DEPARTMENTS = Object.keys(SETTINGS_DEPARTMENTS) as TSettingsDepartment[];

type OperationRows = {
  hours: readonly OperatingHoursRow[];
  flags: readonly FeatureFlagRow[];
  officers: readonly LoanOriginatorRow[];
};

async function operationRows(db: Executor): Promise<OperationRows> {
  return {
    hours: await listAllHoursRows(db),
    flags: await listAllFlagRows(db),
    officers: await listAllLoanOriginators(db),
  };
}

/** The organisation's loan officers as the document lists them, from the table's rows. */
function loanOfficersOf(rows: readonly LoanOriginatorRow[], orgCode: string): TOrgOperations['loanOfficers'] {
  return rows
    .filter((row) => row.orgCode === orgCode)
    .map((row) => ({
      uuid: row.uuid,
      originatorName: row.originatorName,
      brokerName: row.brokerName,
      nmls: row.nmls ?? '',
      email: row.email,
      phoneNumber: row.phoneNumber,
      active: row.active,
    }));
}

/** A document may not list another organisation's loan officer (its uuid is taken). */
async function refuseForeignLoanOfficers(
  db: Executor,
  orgCode: string,
  settings: TOrgSettings,
): Promise<void> {
  const foreign = await originatorsOfOtherOrganisations(
    db,
    orgCode,
    settings.loanOfficers.map((officer) => officer.uuid.toLowerCase()),
  );
  if (foreign.length > 0)
    throw new AppError('CONFLICT', `Loan officer ${foreign[0]} belongs to another organisation`, {
      field: 'loanOfficers',
    });
}

/**
 * An organisation's hours (the document's weeks) and flags as the tables hold them now (its own rows
 * over the defaults); no holidays (they exist only in settings versions).
 */
function operationsFromRows(tables: OperationRows, orgCode: string): TOrgOperations {
  const rows = tables.hours;
  const hours = Object.fromEntries(
    DEPARTMENTS.map((department) => [
      department,
      settingsWeekOf(
        toWeek(
          rows.filter((row) => row.department === department),
          orgCode,
        ),
      ),
    ]),
  ) as TOrgOperations['hours'];
  const decisions = decide(tables.flags, orgCode);
  const featureFlags = Object.fromEntries(
    SETTINGS_FLAG_KEYS.map((key) => [key, decisions.get(key)?.enabled ?? false]),
  ) as TOrgOperations['featureFlags'];
  return { hours, holidays: [], featureFlags, loanOfficers: loanOfficersOf(tables.officers, orgCode) };
}

/** The published settings of an organisation: its published version's, else its current data's. */
async function published(deps: SettingsDeps, org: TOrgData) {
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An uploaded logo as the SVG the brand carries: the bytes are sniffed (never the file name): a PNG
 * (its signature and IHDR size) is wrapped in an SVG of its own size; an SVG must pass the domain's
 * safety check (no scripts, handlers, entities or outside references), an XML declaration dropped.
 */
export async function logoFromUpload(
  deps: SettingsDeps,
  request: FastifyRequest,
  orgCode: string,
  contentBase64: string,
): Promise<{ logoSvg: string; kind: 'SVG' | 'PNG' }> {
  await authorized(deps, request, orgCode);
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The logo file is empty');
  if (bytes.length > LOGO_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`);
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // IHDR is the first chunk: width and height at bytes 16–23, big-endian.
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR')
      throw new AppError('BAD_REQUEST', 'The PNG file is damaged');
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if (width === 0 || height === 0) throw new AppError('BAD_REQUEST', 'The PNG file is damaged');
    const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><image href="data:image/png;base64,${bytes.toString('base64')}" width="${width}" height="${height}"/></svg>`;
    return { logoSvg, kind: 'PNG' };
  }
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^\s*<!--[\s\S]*?-->/, '')
    .trim();
  if (!text.startsWith('<svg')) throw new AppError('BAD_REQUEST', 'The logo must be an SVG or PNG file');
  const problem = svgLogoProblem(text);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  return { logoSvg: text, kind: 'SVG' };
}

/**
 * The organisation a borrower page shows under `?preview=<version number or uuid>`: the version
 * applied to it, only for a signed-in staff member (the browser's fingerprint cookie names the
 * session) who may manage this organisation's settings; anyone else gets null (the published
 * organisation is served, the parameter ignored). Platform staff's previews are audited.
 */
export async function previewOrganisation(
  deps: SettingsDeps,
  org: TOrgData,
  preview: string,
  fingerprintCookie: string | undefined,
): Promise<{ org: TOrgData; version: number } | null> {
  if (!fingerprintCookie) return null;
  const ref = /^\d{1,9}$/.test(preview)
    ? { version: Number(preview) }
    : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(preview)
      ? { uuid: preview.toLowerCase() }
      : null;
  if (!ref) return null;
  const session = await findLiveSessionByFingerprint(deps.db, hashFingerprint(fingerprintCookie));
  if (!session || session.profileType !== 'STAFF') return null;
  const staff = await loadStaffMember(deps.db, session.identityUuid);
  if (!staff || !hasPermission(staff.roles, PERMISSION) || !staffReachesOrg(staff.orgCode, org.orgCode))
    return null;
  const row = await findVersion(deps.db, org.orgCode, ref);
  if (!row) return null;
  if (staff.orgCode === null) await auditPreview(deps, staff, org.orgCode, row.version);
  return { org: applyOrgSettings(org, row.settings), version: row.version };
}

async function auditPreview(
  deps: SettingsDeps,
  staff: Omit<StaffContext, 'sessionUuid'>,
  orgCode: string,
  version: number,
): Promise<void> {
  await recordStaffAudit(deps.db, {
    actor: staff,
    action: 'PLATFORM_ACCESS',
    orgCode,
    data: { permission: PERMISSION, method: 'GET', route: 'borrower page ?preview=', version },
  });
}

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

/** The note of a version the agent desk's hours call records. */
export const DESK_HOURS_NOTE = 'Hours set from the agent desk';

/**
 * The agent desk's hours call (`PUT /service-operating-hours/secure/api/v1/hours/{department}`,
 * OPERATING_HOURS_WRITE) goes through the settings versions rather than beside them: the days are
 * written to the hours table and the published document with that department's resulting week is
 * recorded as a new published version (who, when, the desk's note), in one transaction. So the
 * settings document never disagrees with the table, and a rollback can undo a desk change.
 */
export async function publishDeskHours(
  deps: SettingsDeps,
  staff: Omit<StaffContext, 'sessionUuid'>,
  orgCode: string,
  department: TSettingsDepartment,
  days: readonly {
    weekdayValue: number;
    isOpen: boolean;
    startTime: string | null;
    endTime: string | null;
  }[],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await organisationWithVersion(tx, orgCode, { forUpdate: true });
    if (!locked) throw new AppError('NOT_FOUND', NOT_FOUND);
    await upsertHours(
      tx,
      days.map((day) => ({
        department,
        orgCode,
        weekdayValue: day.weekdayValue,
        isOpen: day.isOpen,
        startTime: day.isOpen ? day.startTime : null,
        endTime: day.isOpen ? day.endTime : null,
      })),
    );
    const rows = await operationRows(tx);
    const current =
      locked.settingsVersion === null
        ? null
        : await findVersion(tx, orgCode, { version: locked.settingsVersion });
    const base = current?.settings ?? orgSettingsOf(locked.org, operationsFromRows(rows, orgCode));
    const settings: TOrgSettings = {
      ...base,
      hours: { ...base.hours, [department]: operationsFromRows(rows, orgCode).hours[department] },
    };
    const next = await nextVersionNumber(tx, orgCode);
    await insertVersion(tx, {
      orgCode,
      version: next,
      settings,
      note: `${DESK_HOURS_NOTE} (${SETTINGS_DEPARTMENTS[department]})`,
      createdByUuid: staff.identityUuid,
      publishedByUuid: staff.identityUuid,
      published: true,
    });
    // Only the version pointer changes on the organisation; the table already holds these hours
    // (the days as sent, seconds included: the document keeps HH:mm).
    await writeOrganisation(tx, locked.org, next);
    await recordStaffAudit(tx, {
      actor: staff,
      action: 'ORG_SETTINGS_PUBLISHED',
      orgCode,
      data: { version: next, previousVersion: locked.settingsVersion, note: DESK_HOURS_NOTE },
    });
  });
  await deps.orgs.reload();
}
