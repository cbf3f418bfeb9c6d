/** The root route of both routers: the page frame, the first-load loader and the error boundaries. */
import { Outlet } from 'react-router';
import { ErrorFallback } from '@/components/errors/error-fallback';
import { Layout } from '@/components/layout/layout';
import { AppLink } from '@/components/ui/app-link';
import { BrandLogo } from '@/components/ui/brand-logo';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { OrgFooter, useOrg } from '@/features/org';

function HeaderLogo() {
  const org = useOrg();
  return (
    <AppLink to={paths.app.home.getHref()}>
      <BrandLogo brand={org.orgBrand} />
    </AppLink>
  );
}

export function RootLayout() {
  const org = useOrg();
  return (
    <Layout logo={<HeaderLogo />} footer={<OrgFooter org={org} />}>
      <Outlet />
    </Layout>
  );
}

/** Shown while the first lazy route module of the page loads. */
export function AppLoader() {
  const org = useOrg();
  return <PageLoader logo={<BrandLogo brand={org.orgBrand} height={56} />} />;
}

function OrgErrorFallback() {
  const org = useOrg();
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
