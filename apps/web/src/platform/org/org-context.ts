import { createContext } from 'react';
import type { TOrgData } from '@heloc/domain';

/** The page's organisation; provided once at the app root when the organisation data is valid. */
export const OrgContext = createContext<TOrgData | null>(null);
