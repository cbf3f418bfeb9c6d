import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The top bar's element for page actions; null until the layout has mounted it. */
export const TopBarSlotContext = createContext<HTMLElement | null>(null);

/**
 * Renders its children in the top bar, next to the shell's own buttons. A page can thus put a button
 * in the top bar (spec 1 §2: "a top bar opens it as a panel") while keeping its state in the page.
 */
export function TopBarPortal({ children }: { children: ReactNode }) {
  const slot = useContext(TopBarSlotContext);
  return slot ? createPortal(children, slot) : null;
}
