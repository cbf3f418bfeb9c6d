/** The borrower pages' `?preview=`: a version shown before it is published, to a signed-in member who could publish it. */
import { applyOrgSettings, hasPermission, staffReachesOrg, type TOrgData } from '@heloc/domain';
import { findLiveSessionByFingerprint } from '../identity/repository';
import { hashFingerprint } from '../identity/fingerprint';
import { recordStaffAudit } from '../staff/audit';
import { loadStaffMember, type StaffContext } from '../staff/policy';
import { findVersion } from './repository';
import { PERMISSION, type SettingsDeps } from './service';

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
