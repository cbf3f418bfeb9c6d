import { useContext } from 'react';
import type { TOrgData } from '@heloc/domain';
import { OrgContext } from '../org-context';

/** The page's organisation. Only rendered below OrgProvider: the no-org page never mounts the app. */
export function useOrg(): TOrgData {
  const org = useContext(OrgContext);
  if (!org) throw new Error('useOrg must be used inside OrgProvider');
  return org;
}
