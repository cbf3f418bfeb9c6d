/**
 * The signed-in half of the shell (spec 1 §2 "Shared navigation"): side bar, mobile navigation drawer,
 * apps menu, notifications and profile menu. A lazy chunk: visitors never download it. Its menus,
 * drawers and popover come in a later one still (deferred-control.tsx): until then their buttons show.
 */
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { FEATURE_FLAGS, uuidFromPath } from '@heloc/domain';
import { applicationQueryOptions } from '@/platform/application-frame';
import { canSeeDashboardLink, useIdentity, useLogout } from '@/lib/auth';
import { isFlagOn, useFeatureFlags } from '@/lib/feature-flags';
import { useWalletAccess } from '../api/get-wallet-access';
import { useWalletAccounts } from '../api/get-wallet-accounts';
import { appsMenuLinks, secondaryNavLinks, sideNavLinks } from '../utils/nav-links';
import { MOBILE_QUERY } from '../utils/breakpoints';
import { unreadNotifications } from '../utils/notifications';
import { DeferredControl } from './deferred-control';
import { SideNav } from './side-nav';
import { AppsButton, BellButton, NavButton, ProfileButton } from './top-bar-buttons';
import classes from './shell.module.css';

interface ShellProps {
  /** The page's organisation code (feature flags are decided per organisation). */
  orgCode: string;
}

/**
 * The application of the page's path, for the signer rule (spec 1 §6: listed in its helocSigners, signer
 * version v1). The application frame's loader reads the same query, and the shell takes what it read
 * even when it mounts after the answer's freshness (1 s) ran out — on a slow phone its chunk arrives
 * later than that, and it read the application a second time (issue 17). It asks itself only when
 * nothing was read (a page outside the frame).
 */
function usePathApplication() {
  const applicationUuid = uuidFromPath(useLocation().pathname);
  const query = useQuery({
    ...applicationQueryOptions(applicationUuid ?? ''),
    enabled: !!applicationUuid,
    refetchOnMount: false,
  });
  return applicationUuid ? (query.data ?? null) : null;
}

function useNavLinks(orgCode: string) {
  const identity = useIdentity();
  const application = usePathApplication();
  const { data: flags } = useFeatureFlags(orgCode);
  const options = {
    // While the identity loads the link shows; a signer's identity (profile type, or listed in the
    // application's helocSigners) then removes it.
    showDashboard: canSeeDashboardLink(identity, application),
    showPortfolio: isFlagOn(flags, FEATURE_FLAGS.portfolioManager),
    signedIn: true,
  };
  return {
    main: sideNavLinks(options),
    apps: appsMenuLinks(options),
    secondary: secondaryNavLinks(options),
  };
}

/** Left of the logo: the mobile navigation drawer's button. */
export function ShellTopBarStart({ orgCode }: ShellProps) {
  const links = useNavLinks(orgCode);
  return (
    <DeferredControl
      placeholder={(events) => (
        <span className={classes.mobileOnly}>
          <NavButton aria-expanded={false} {...events} />
        </span>
      )}
    >
      {(controls, openAtOnce) => (
        <controls.NavDrawer
          main={links.main}
          secondary={links.secondary}
          apps={links.apps}
          openAtOnce={openAtOnce}
        />
      )}
    </DeferredControl>
  );
}

/** Right end of the top bar: apps menu (from 768px), notifications, profile menu. */
export function ShellTopBarEnd({ orgCode }: ShellProps) {
  const links = useNavLinks(orgCode);
  const identity = useIdentity();
  const access = useWalletAccess({ enabled: true });
  const { logout, surveyPrompt } = useLogout();
  // The bell shows its count before its panel has loaded: the same query the panel reads.
  const accounts = useWalletAccounts({ enabled: true });
  return (
    <>
      <span className={classes.desktopOnly}>
        <DeferredControl
          placeholder={(events) => <AppsButton aria-haspopup="menu" aria-expanded={false} {...events} />}
        >
          {(controls, openAtOnce) => <controls.AppsMenu links={links.apps} openAtOnce={openAtOnce} />}
        </DeferredControl>
      </span>
      <DeferredControl
        placeholder={(events) => (
          <BellButton unread={unreadNotifications(accounts.data).length} aria-expanded={false} {...events} />
        )}
      >
        {(controls, openAtOnce) => <controls.NotificationsButton openAtOnce={openAtOnce} />}
      </DeferredControl>
      <DeferredControl
        placeholder={(events) => <ProfileButton aria-haspopup="menu" aria-expanded={false} {...events} />}
      >
        {(controls, openAtOnce) => (
          <controls.ProfileMenu
            email={identity?.email ?? null}
            walletAddress={access.data?.account.address ?? identity?.wallet?.accountAddress ?? null}
            signedIn
            // Switching accounts means signing this one out; the sign-in page then takes the other one.
            onSwitchAccounts={logout}
            onLogout={logout}
            openAtOnce={openAtOnce}
          />
        )}
      </DeferredControl>
      {surveyPrompt}
    </>
  );
}

/**
 * The side bar (from 768px). A phone's layout hides it, so a phone does not render it at all: its
 * links were render work in the first screen's task for nothing drawn (issue 17). The query is read
 * at once, not after a first render, so a wide screen draws it with the page.
 */
export function ShellSidebar({ orgCode }: ShellProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  return isMobile ? null : <SidebarNav orgCode={orgCode} />;
}

function SidebarNav({ orgCode }: ShellProps) {
  const links = useNavLinks(orgCode);
  return <SideNav main={links.main} secondary={links.secondary} sticky />;
}
