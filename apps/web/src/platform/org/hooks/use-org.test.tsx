import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { orgFixture } from '@/testing/org-fixture';
import { OrgProvider } from '../components/org-provider';
import { useOrg } from './use-org';

describe('useOrg', () => {
  it('returns the provided organisation', () => {
    const org = orgFixture();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <OrgProvider org={org}>{children}</OrgProvider>
    );
    expect(renderHook(() => useOrg(), { wrapper }).result.current).toBe(org);
  });

  it('fails loudly outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useOrg())).toThrow('useOrg must be used inside OrgProvider');
    vi.restoreAllMocks();
  });
});
