import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Drawer } from '@mantine/core';
import { useState } from 'react';
import type { TNavLink } from '../utils/nav-links';
import { useOpenAtOnce } from './deferred-control';
import { SideNav } from './side-nav';
import { NavButton } from './top-bar-buttons';
import classes from './shell.module.css';

interface NavDrawerProps {
  main: readonly TNavLink[];
  secondary: readonly TNavLink[];
  apps: readonly TNavLink[];
  /** Its button was pressed before it loaded (deferred-control.tsx). */
  openAtOnce?: boolean;
}

/**
 * Mobile navigation (below 768px): the hamburger opens a drawer with the side bar's links and the apps.
 * The drawer traps focus while open and gives it back to the hamburger when it closes.
 */
export function NavDrawer({ main, secondary, apps, openAtOnce = false }: NavDrawerProps) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  useOpenAtOnce(openAtOnce, () => setOpened(true));
  return (
    <>
      {/* A wrapper carries the breakpoint, so Mantine's own display rule on the button cannot win. */}
      <span className={classes.mobileOnly}>
        <NavButton aria-expanded={opened} onClick={() => setOpened(true)} />
      </span>
      <Drawer
        opened={opened}
        onClose={close}
        title="Menu"
        size="xs"
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <SideNav main={main} secondary={secondary} apps={apps} onNavigate={close} />
      </Drawer>
    </>
  );
}
