import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { ActionIcon, Drawer } from '@mantine/core';
import { useState } from 'react';
import { MenuIcon } from '@/components/ui/icons';
import type { TNavLink } from '../utils/nav-links';
import { SideNav } from './side-nav';
import classes from './shell.module.css';

interface NavDrawerProps {
  main: readonly TNavLink[];
  secondary: readonly TNavLink[];
  apps: readonly TNavLink[];
}

/**
 * Mobile navigation (below 768px): the hamburger opens a drawer with the side bar's links and the apps.
 * The drawer traps focus while open and gives it back to the hamburger when it closes.
 */
export function NavDrawer({ main, secondary, apps }: NavDrawerProps) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      {/* A wrapper carries the breakpoint, so Mantine's own display rule on the button cannot win. */}
      <span className={classes.mobileOnly}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Open navigation"
          aria-expanded={opened}
          onClick={() => setOpened(true)}
        >
          <MenuIcon />
        </ActionIcon>
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
