import type { ReactNode } from 'react';
import type { TOrgData } from '@heloc/domain';
import { OrgContext } from '../org-context';

export function OrgProvider({ org, children }: { org: TOrgData; children: ReactNode }) {
  return <OrgContext value={org}>{children}</OrgContext>;
}
