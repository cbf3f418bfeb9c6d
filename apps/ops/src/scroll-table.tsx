/**
 * A table wider than the screen scrolls inside its own container, never the page (issue 19's
 * phone-width pass: a console screen at 390 px must not scroll sideways). The container is a labelled
 * region in the tab order, so a keyboard user can focus it and scroll it with the arrow keys.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A long table scrolls down inside the box too: the box is never taller than the room below the fixed
 * top bar (56 px), so when it takes the focus the browser can show it whole, not starting under the bar.
 */
const ROOM_BELOW_TOP_BAR = 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md))';

export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  /** The region's name, e.g. "Staff members table". */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      style={{ maxHeight: ROOM_BELOW_TOP_BAR, overflowY: 'auto' }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
