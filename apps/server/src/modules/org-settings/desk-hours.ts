/** The agent desk's hours call, recorded as a published settings version. */
import {
  SETTINGS_DEPARTMENTS,
  orgSettingsOf,
  type TOrgSettings,
  type TSettingsDepartment,
} from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { organisationWithVersion, writeOrganisation } from '../organisations/repository';
import { upsertHours } from '../operating-hours/repository';
import { recordStaffAudit } from '../staff/audit';
import { type StaffContext } from '../staff/policy';
import { findVersion, insertVersion, nextVersionNumber } from './repository';
import { operationRows, operationsFromRows } from './operations';
import { NOT_FOUND, type SettingsDeps } from './service';

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
