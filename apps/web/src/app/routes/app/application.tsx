/**
 * Lazy route module: the application frame, /account/heloc/{uuid} (spec 1 §2). The segment is an
 * application id only when it has the UUID shape; anything else is not found. A missing or foreign
 * application (404) or a missing profile goes to the dashboard (spec 1 §4, spec 2 §8). The step screens
 * are child routes rendered in the frame's <Outlet/>, under the status-driven flow (application-flow).
 */
import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { isUuid, TELEMETRY_EVENTS } from '@heloc/domain';
import { NotFound } from '@/components/errors/not-found';
import { TopBarPortal } from '@/components/layout/top-bar-slot';
import { BrandLogo } from '@/components/ui/brand-logo';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { paths } from '@/config/paths';
import { ApplicationFlowProvider } from '@/platform/application-flow';
import { ApplicationFrame, isMissingApplication, useApplication } from '@/platform/application-frame';
import { useOrg } from '@/platform/org';
import {
  LoanOfficerCard,
  LoanOfficerPanelButton,
} from '@/features/shell/components/loan-officer/loan-officer';
import { useProfile } from '@/lib/auth';
import { browserLocation } from '@/lib/browser-location';
import { linkApplication, track } from '@/lib/telemetry';

export function Component() {
  const { applicationUuid = '' } = useParams();
  if (!isUuid(applicationUuid)) return <NotFound />;
  return <ApplicationPage applicationUuid={applicationUuid} />;
}

function ApplicationPage({ applicationUuid }: { applicationUuid: string }) {
  const org = useOrg();
  const application = useApplication(applicationUuid);
  const profile = useProfile();
  const missing = (application.isError && isMissingApplication(application.error)) || profile === null;

  useEffect(() => {
    // The dashboard is a host page: a document load, which also drops this page's state.
    if (missing) browserLocation.replace(paths.host.dashboard.getHref());
  }, [missing]);

  const data = application.data;
  const loaded = data !== undefined;
  const step = data?.step;

  // Funnel: the application opened (once per session), each server step it reaches; the tracker joins it.
  useEffect(() => {
    if (!loaded) return;
    track(TELEMETRY_EVENTS.applicationViewed);
    linkApplication(applicationUuid);
  }, [loaded, applicationUuid]);
  useEffect(() => {
    if (step) track(TELEMETRY_EVENTS.stepReached, { eventProperties: { step }, dedupeProperty: 'step' });
  }, [step]);
  const referrerUuid = data?.referrer?.referrerUuid ?? null;

  return (
    <>
      <FullScreenLoader
        loading={!data || profile === undefined || missing}
        logo={<BrandLogo brand={org.orgBrand} height={56} />}
      />
      {data && profile ? (
        <>
          <TopBarPortal>
            <LoanOfficerPanelButton loanOriginatorUuid={referrerUuid} />
          </TopBarPortal>
          <ApplicationFrame application={data} aside={<LoanOfficerCard loanOriginatorUuid={referrerUuid} />}>
            <ApplicationFlowProvider applicationUuid={applicationUuid}>
              <Outlet />
            </ApplicationFlowProvider>
          </ApplicationFrame>
        </>
      ) : null}
    </>
  );
}
