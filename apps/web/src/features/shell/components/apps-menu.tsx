import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { useState } from 'react';
import { HostLink } from '@/components/ui/host-link';
import type { TNavLink } from '../utils/nav-links';
import { useOpenAtOnce } from './deferred-control';
import { AppsButton } from './top-bar-buttons';

/** Apps menu (spec 1 §2): the platform's other apps. */
export function AppsMenu({
  links,
  openAtOnce = false,
}: {
  links: readonly TNavLink[];
  /** Its button was pressed before it loaded (deferred-control.tsx). */
  openAtOnce?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  useOpenAtOnce(openAtOnce, () => setOpened(true));
  return (
    // Rendered inside the top bar (not portalled), so the open menu stays within the banner landmark;
    // no focus placeholder, whose role=presentation is not a menu's allowed child.
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={220}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <AppsButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Apps</Menu.Label>
        {links.map((link) => (
          <Menu.Item key={link.href} component={HostLink} to={link.href}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
