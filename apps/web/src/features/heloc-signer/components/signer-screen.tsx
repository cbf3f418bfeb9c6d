/**
 * The frame of every heloc-signer screen (a narrow, readable column with the screen's title focused on
 * arrival), and the gate of the signed-in ones: it loads the signer's own record and sends them to the
 * screen their progress calls for when this one is not for them now (a cancelled invitation always
 * goes to heloc-signer/cancelled, which the server also answers with a 409 on every signer call).
 */
import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { signerScreenFor, type TSignerProgress, type TSignerView } from '@heloc/domain';
import { StepPage } from '@/features/application-flow';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorDetailsObject } from '@/lib/api-errors';
import { signerQueryOptions } from '../api/co-deed-api';

export const signerHref = (screen: string) => paths.app.helocSigner.getHref(screen);

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

interface SignerGateProps {
  /** The progress states this screen serves; any other goes to the screen signerScreenFor names. */
  allowed: readonly TSignerProgress[];
  children: (signer: TSignerView) => ReactNode;
}

export function SignerGate({ allowed, children }: SignerGateProps) {
  const signer = useQuery({ ...signerQueryOptions(), throwOnError: (error) => !isCancelledError(error) });
  if (signer.error && isCancelledError(signer.error))
    return <Navigate to={signerHref('cancelled')} replace />;
  if (!signer.data) return <PageLoader />;
  if (!allowed.includes(signer.data.status)) {
    return <Navigate to={signerHref(signerScreenFor(signer.data.status))} replace />;
  }
  return <>{children(signer.data)}</>;
}
