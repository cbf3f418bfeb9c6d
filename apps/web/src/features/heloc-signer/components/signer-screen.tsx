/**
 * The frame of every heloc-signer screen (a narrow, readable column with the screen's title focused on
 * arrival), and the gate of the signed-in ones: it loads the signer's own record and sends them to the
 * screen their progress calls for when this one is not for them now (a cancelled invitation always
 * goes to heloc-signer/cancelled, which the server also answers with a 409 on every signer call).
 */
import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { signerScreenFor, type TSignerProgress, type TSignerScreen, type TSignerView } from '@heloc/domain';
import { StepPage } from '@/platform/application-flow';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorDetailsObject } from '@/lib/api-errors';
import { browserLocation } from '@/lib/browser-location';
import { signerQueryOptions } from '../api/co-deed-api';

export const signerHref = (screen: TSignerScreen) => paths.app.helocSigner.getHref(screen);

export function SignerScreen({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container size={760} py="xl" px="md">
      <StepPage title={title} lead={lead}>
        {children}
      </StepPage>
    </Container>
  );
}

/** The server's answer for a cancelled invitation (a 409 with details.status CANCELLED). */
export function isCancelledError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  return errorDetailsObject(error)?.status === 'CANCELLED';
}

/**
 * The server's answer to an account that is not an additional signer (403), or has no signing (404): a
 * borrower who opened a signer link while signed in. Their own pages are the dashboard's.
 */
export function isNotASignerError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

/**
 * `throwOnError` of a signer call made beside the gate: the answers the gate turns into a screen (a
 * cancelled invitation, an account that is no signer) are left to it instead of the error fallback.
 */
export const unlessGateHandles = (error: Error) => !isCancelledError(error) && !isNotASignerError(error);

/** A borrower on a signer screen goes to the dashboard (a host page: a document load). */
function LeaveForDashboard() {
  useEffect(() => browserLocation.replace(paths.host.dashboard.getHref()), []);
  return <PageLoader />;
}

interface SignerGateProps {
  /** The progress states this screen serves; any other goes to the screen signerScreenFor names. */
  allowed: readonly TSignerProgress[];
  children: (signer: TSignerView) => ReactNode;
}

export function SignerGate({ allowed, children }: SignerGateProps) {
  const signer = useQuery({
    ...signerQueryOptions(),
    throwOnError: unlessGateHandles,
  });
  if (signer.error && isCancelledError(signer.error))
    return <Navigate to={signerHref('cancelled')} replace />;
  if (signer.error && isNotASignerError(signer.error)) return <LeaveForDashboard />;
  if (!signer.data) return <PageLoader />;
  if (!allowed.includes(signer.data.status)) {
    return <Navigate to={signerHref(signerScreenFor(signer.data.status))} replace />;
  }
  return <>{children(signer.data)}</>;
}
