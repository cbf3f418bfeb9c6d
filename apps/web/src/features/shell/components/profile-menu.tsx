import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Divider.css';
import { Menu } from '@mantine/core';
import { useEffect, useState } from 'react';
import { WALLET_ADDRESS_COPIED } from '@heloc/domain';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { HostLink } from '@/components/ui/host-link';
import { useA11yStatus } from '@/components/ui/a11y-status';
import { paths } from '@/config/paths';
import { useCopyConfirmation } from '../hooks/use-copy-confirmation';
import { shortWalletAddress } from '../utils/wallet';
import { useOpenAtOnce } from './deferred-control';
import { ProfileButton } from './top-bar-buttons';

interface ProfileMenuProps {
  /** Who is signed in, shown at the top of the menu. */
  email: string | null;
  /** The wallet account address (GET …/account/access), once known. */
  walletAddress: string | null;
  signedIn: boolean;
  onSwitchAccounts: () => void;
  onLogout: () => void;
  /** Its button was pressed before it loaded (deferred-control.tsx). */
  openAtOnce?: boolean;
}

/**
 * Profile menu (spec 1 §2): Support, Switch Accounts, Settings (signed-in only), Logout; above them the
 * wallet address with its copy action ("Wallet Address Copied!" for 1 s, spec 1 §5, §9).
 */
export function ProfileMenu({
  email,
  walletAddress,
  signedIn,
  onSwitchAccounts,
  onLogout,
  openAtOnce = false,
}: ProfileMenuProps) {
  const [opened, setOpened] = useState(false);
  useOpenAtOnce(openAtOnce, () => setOpened(true));
  const { copied, copy } = useCopyConfirmation();
  const status = useA11yStatus();
  const { announce } = status;
  // The item shows the confirmation for COPY_CONFIRMATION_MS; the status message is cleared sooner.
  useEffect(() => {
    if (copied) announce(WALLET_ADDRESS_COPIED);
  }, [copied, announce]);

  return (
    <>
      {/* Reads out the copy confirmation (a change of the item's own text is not announced); outside the
          menu, whose children must all be menu items. */}
      {status.region}
      {/* Rendered inside the top bar (not portalled), so the open menu stays within the banner landmark;
          no focus placeholder, whose role=presentation is not a menu's allowed child. */}
      <Menu
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={260}
        shadow="md"
        withinPortal={false}
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <ProfileButton />
        </Menu.Target>
        <Menu.Dropdown>
          {email ? <Menu.Label>{email}</Menu.Label> : null}
          {walletAddress ? (
            <>
              <Menu.Label title={walletAddress}>Wallet {shortWalletAddress(walletAddress)}</Menu.Label>
              <Menu.Item
                closeMenuOnClick={false}
                leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                onClick={() => copy(walletAddress)}
              >
                {copied ? WALLET_ADDRESS_COPIED : 'Copy wallet address'}
              </Menu.Item>
              <Menu.Divider />
            </>
          ) : null}
          <Menu.Item component={HostLink} to={paths.host.contact.getHref()}>
            Support
          </Menu.Item>
          <Menu.Item onClick={onSwitchAccounts}>Switch Accounts</Menu.Item>
          {signedIn ? (
            <Menu.Item component={HostLink} to={paths.host.settings.getHref()}>
              Settings
            </Menu.Item>
          ) : null}
          {signedIn ? <Menu.Item onClick={onLogout}>Logout</Menu.Item> : null}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
