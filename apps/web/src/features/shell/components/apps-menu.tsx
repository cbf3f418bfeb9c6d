import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { ActionIcon, Menu } from '@mantine/core';
import { AppsIcon } from '@/components/ui/icons';
import { HostLink } from '@/components/ui/host-link';
import type { TNavLink } from '../utils/nav-links';

/** Apps menu (spec 1 §2): the platform's other apps. */
export function AppsMenu({ links }: { links: readonly TNavLink[] }) {
  return (
    // Rendered inside the top bar (not portalled), so the open menu stays within the banner landmark;
    // no focus placeholder, whose role=presentation is not a menu's allowed child.
    <Menu
      position="bottom-end"
      width={220}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Apps">
          <AppsIcon />
        </ActionIcon>
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
