/** The root route of both routers: the page frame (shell), the first-load loader and the error boundaries. */
import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { FEATURE_FLAGS } from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';
import { ErrorFallback } from '@/components/errors/error-fallback';
import { LocalErrorBoundary } from '@/components/errors/local-error-boundary';
import { Layout } from '@/components/layout/layout';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { AppLink } from '@/components/ui/app-link';
import { BrandLogo } from '@/components/ui/brand-logo';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { ChatLauncher } from '@/features/chat';
import { MaintenanceGate } from '@/features/maintenance';
import { OrgFooter, useOrg, usePhoneHours } from '@/platform/org';
import { DebugView, ShellSidebar, ShellTopBarEnd, ShellTopBarStart, VisitorActions } from '@/features/shell';
import { useIdentity, useIsSignedIn } from '@/lib/auth';
import { isFlagOn, useFeatureFlags } from '@/lib/feature-flags';
import { reportError } from '@/lib/telemetry';
import { useTelemetryPageViews } from '@/lib/telemetry/use-page-views';
import { useScreenTitle } from '@/lib/screen-title';
import { CeoFeedbackButton } from '@/features/feedback';

function HeaderLogo() {
  const org = useOrg();
  return (
    <AppLink to={paths.app.home.getHref()}>
      <BrandLogo brand={org.orgBrand} />
    </AppLink>
  );
}

/**
 * Every page: the top bar and side bar (signed-in navigation, or the visitor's sign-in link), the page
 * behind the maintenance gate, the footer with the phone hours and the web-chat note, the debug view.
 *
 * The layout itself reads no query: the identity, the feature flags and the phone hours each arrive
 * after the first paint, and a layout that read them drew the whole frame again for each (top bar,
 * side bar, footer, gate: ~5–20 ms a time on a phone, issue 17). The parts that show them read them.
 */
export function RootLayout() {
  const org = useOrg();
  const signedIn = useIsSignedIn();

  useScreenTitle(org.orgBrand.name);

  // The signed-in shell is a lazy chunk; until it arrives the top bar shows the logo alone. Each part
  // has its own error boundary: a crash there must not take the page with it.
  const shell = (node: ReactNode) => (
    <LocalErrorBoundary>
      <Suspense fallback={null}>{node}</Suspense>
    </LocalErrorBoundary>
  );

  return (
    <Layout
      logo={<HeaderLogo />}
      topBarStart={signedIn ? shell(<ShellTopBarStart orgCode={org.orgCode} />) : null}
      topBarEnd={signedIn ? shell(<ShellTopBarEnd orgCode={org.orgCode} />) : <VisitorActions />}
      sidebar={signedIn ? shell(<ShellSidebar orgCode={org.orgCode} />) : null}
      footer={
        // Below every screen: drawn after the screen's first paint, in a task of its own.
        <AfterFirstPaint>
          <PageFooter org={org} signedIn={signedIn} />
        </AfterFirstPaint>
      }
    >
      <MaintenanceGate organization={org.orgCode} fallback={<PageLoader />}>
        <Outlet />
      </MaintenanceGate>
      <LocalErrorBoundary>
        <PageDebugView orgCode={org.orgCode} />
      </LocalErrorBoundary>
      <WebChat org={org} signedIn={signedIn} />
      <PageViews />
    </Layout>
  );
}

/** Page views and the signed-in identity for telemetry (after the page's own effects, as before). */
function PageViews() {
  const identity = useIdentity();
  useTelemetryPageViews(identity?.uuid ?? null);
  return null;
}

function PageDebugView({ orgCode }: { orgCode: string }) {
  const identity = useIdentity();
  return <DebugView orgCode={orgCode} identityUuid={identity?.uuid ?? null} />;
}

function PageFooter({ org, signedIn }: { org: TOrgData; signedIn: boolean }) {
  const { data: flags } = useFeatureFlags(org.orgCode);
  const phoneHours = usePhoneHours();
  return (
    <OrgFooter
      org={org}
      operatingHours={phoneHours}
      webChatEnabled={isFlagOn(flags, FEATURE_FLAGS.webchat)}
      feedback={
        signedIn ? (
          <LocalErrorBoundary>
            <CeoFeedbackButton />
          </LocalErrorBoundary>
        ) : null
      }
    />
  );
}

function WebChat({ org, signedIn }: { org: TOrgData; signedIn: boolean }) {
  const { data: flags } = useFeatureFlags(org.orgCode);
  if (!isFlagOn(flags, FEATURE_FLAGS.webchat)) return null;
  return (
    // A crashed chat widget leaves the page (and the application in it) usable.
    <LocalErrorBoundary>
      <ChatLauncher
        orgCode={org.orgCode}
        signedIn={signedIn}
        borrowerAuthEnabled={isFlagOn(flags, FEATURE_FLAGS.webchatBorrowerAuth)}
      />
    </LocalErrorBoundary>
  );
}

/**
 * How long the page's first route may take before the full-screen loader shows. The chunks of a first
 * screen are preloaded and arrive within it; a loader drawn for those few frames was the first paint of
 * the login page on a phone, and the screen itself came one more task later (issue 17). A screen that
 * waits for its data longer than this shows the loader.
 */
export const APP_LOADER_DELAY_MS = 400;

/** Shown while the first lazy route module of the page loads, once that takes a moment. */
export function AppLoader() {
  const org = useOrg();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), APP_LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <PageLoader logo={<BrandLogo brand={org.orgBrand} height={56} />} /> : null;
}

function OrgErrorFallback() {
  const org = useOrg();
  const error = useRouteError();
  // What reached a boundary goes to the team (network-type errors excepted, spec 2 §8).
  useEffect(() => reportError(error, 'boundary'), [error]);
  const info = org.orgMetaData.companyInfo;
  return (
    <ErrorFallback
      supportPhone={info.phoneFormatted}
      supportEmail={info.email}
      onRetry={() => window.location.reload()}
    />
  );
}

/** Errors of a page: shown inside the layout, so header and footer stay. */
export function PageErrorBoundary() {
  return <OrgErrorFallback />;
}

/** Errors of the layout itself: shown on their own in a main landmark. */
export function RootErrorBoundary() {
  return (
    <main>
      <OrgErrorFallback />
    </main>
  );
}
