/** The settings document's operations part (hours, flags, loan officers) read from and checked against their own tables. */
import {
  settingsWeekOf,
  SETTINGS_DEPARTMENTS,
  SETTINGS_FLAG_KEYS,
  type TOrgOperations,
  type TOrgSettings,
  type TSettingsDepartment,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { listAllHoursRows, type OperatingHoursRow } from '../operating-hours/repository';
import { toWeek } from '../operating-hours/service';
import { listAllFlagRows, type FeatureFlagRow } from '../feature-flags/repository';
import { decide } from '../feature-flags/service';
import {
  listAllLoanOriginators,
  originatorsOfOtherOrganisations,
  type LoanOriginatorRow,
} from '../lead-portal/repository';

export const DEPARTMENTS = Object.keys(SETTINGS_DEPARTMENTS) as TSettingsDepartment[];

type OperationRows = {
  hours: readonly OperatingHoursRow[];
  flags: readonly FeatureFlagRow[];
  officers: readonly LoanOriginatorRow[];
};

export async function operationRows(db: Executor): Promise<OperationRows> {
  return {
    hours: await listAllHoursRows(db),
    flags: await listAllFlagRows(db),
    officers: await listAllLoanOriginators(db),
  };
}

/** The organisation's loan officers as the document lists them, from the table's rows. */
export function loanOfficersOf(
  rows: readonly LoanOriginatorRow[],
  orgCode: string,
): TOrgOperations['loanOfficers'] {
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
export async function refuseForeignLoanOfficers(
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
export function operationsFromRows(tables: OperationRows, orgCode: string): TOrgOperations {
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
