import { describe, expect, it } from 'vitest';
import {
  PLATFORM_ONLY_ROLES,
  ROLE_PERMISSIONS,
  STAFF_PERMISSION_NAMES,
  STAFF_ROLES,
  hasPermission,
  permissionsOf,
  staffReachesOrg,
  staffRolesProblem,
} from './staff';

describe('the role → permission table', () => {
  it('gives the platform admin every permission and every role the ops app', () => {
    expect([...permissionsOf(['PLATFORM_ADMIN'])].sort()).toEqual([...STAFF_PERMISSION_NAMES].sort());
    for (const role of STAFF_ROLES) expect(hasPermission([role], 'OPS_APP'), role).toBe(true);
  });

  it.each([
    ['AGENT', 'CHAT_DESK', true],
    ['AGENT', 'STAFF_MANAGE', false],
    ['LOAN_OFFICER', 'APPLICATIONS_READ_ASSIGNED', true],
    ['LOAN_OFFICER', 'APPLICATIONS_READ', false],
    ['PROCESSOR', 'CONDITIONS_RAISE', true],
    ['LOAN_OFFICER', 'DECISIONS_PROPOSE', true],
    ['LOAN_OFFICER', 'DECISIONS_APPROVE', false],
    ['PROCESSOR', 'DECISIONS_PROPOSE', true],
    ['PROCESSOR', 'DECISIONS_APPROVE', false],
    ['UNDERWRITER', 'DECISIONS_PROPOSE', true],
    ['UNDERWRITER', 'DECISIONS_APPROVE', true],
    ['ORG_ADMIN', 'DECISIONS_PROPOSE', false],
    ['ORG_ADMIN', 'STAFF_MANAGE', true],
    ['ORG_ADMIN', 'CHAT_DESK', false],
    ['ORG_ADMIN', 'ORG_SETTINGS_MANAGE', true],
    ['UNDERWRITER', 'ORG_SETTINGS_MANAGE', false],
    ['PROCESSOR', 'ORG_SETTINGS_MANAGE', false],
  ] as const)('%s → %s: %s', (role, permission, allowed) => {
    expect(hasPermission([role], permission)).toBe(allowed);
  });

  it('adds up several roles', () => {
    expect(hasPermission(['PROCESSOR', 'AGENT'], 'CHAT_DESK')).toBe(true);
    expect(hasPermission([], 'OPS_APP')).toBe(false);
  });

  it('names only known permissions', () => {
    for (const permissions of Object.values(ROLE_PERMISSIONS))
      for (const permission of permissions) expect(STAFF_PERMISSION_NAMES).toContain(permission);
  });
});

describe('organisations and roles', () => {
  it('reaches its own organisation; platform staff (null) every one', () => {
    expect(staffReachesOrg('MAIN', 'MAIN')).toBe(true);
    expect(staffReachesOrg('MAIN', 'PINECREST')).toBe(false);
    expect(staffReachesOrg(null, 'PINECREST')).toBe(true);
  });

  it('refuses no role, a repeated role and a platform role in an organisation', () => {
    expect(staffRolesProblem('MAIN', [])).toBe('Choose at least one role');
    expect(staffRolesProblem('MAIN', ['AGENT', 'AGENT'])).toBe('A role is listed twice');
    for (const role of PLATFORM_ONLY_ROLES) expect(staffRolesProblem('MAIN', [role])).not.toBeNull();
    expect(staffRolesProblem(null, ['PLATFORM_ADMIN'])).toBeNull();
    expect(staffRolesProblem('MAIN', ['ORG_ADMIN', 'AGENT'])).toBeNull();
  });
});
