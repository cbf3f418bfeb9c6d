/**
 * Lazy route module: the app index (/account/heloc/). Signed-in people never get here (the loader sends
 * them to the dashboard). Visitors see the not-accepting page when the organisation needs a
 * referring loan originator (spec 1 §2); otherwise the index is not on the visitor allow-list of
 * spec 1 §6, so they go to login (which brings them back here, and so to the dashboard).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { APP_BASENAME } from '@/config/paths';
import { useOrg } from '@/platform/org';
import { indexNotAcceptingReason, NotAcceptingPage } from '@/features/register';
import { loginRedirectFor } from '@/lib/auth-redirect';
import { browserLocation } from '@/lib/browser-location';

function LoginRedirect({ search }: { search: string }) {
  useEffect(() => {
    browserLocation.replace(loginRedirectFor(`${APP_BASENAME}/`, search));
  }, [search]);
  return <PageLoader />;
}

export function Component() {
  const org = useOrg();
  const { search } = useLocation();
  const reason = indexNotAcceptingReason(org.orgMetaData.products.heloc);
  if (reason) {
    const info = org.orgMetaData.companyInfo;
    return (
      <NotAcceptingPage
        reason={reason}
        companyName={info.companyName}
        supportPhone={info.phoneFormatted}
        supportEmail={info.email}
      />
    );
  }
  return <LoginRedirect search={search} />;
}
