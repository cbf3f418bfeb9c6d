/**
 * The decline pages (spec 1 §2 error/decline, error/credit, error/income, error/timeout and the
 * decline variants: generic, credit score, debt-to-income, timeout, no credit, no property,
 * delinquency, incorrect ownership). Which page shows is the routing table's choice (the status and
 * its flags); each page explains the decision in plain words and shows the adverse action notice the
 * engine generated for it (Regulation B requires the written statement of reasons). The timeout page
 * is no decision: it shows the notice only if the application was in fact declined meanwhile.
 */
import { OrgSupportContacts } from '@/platform/org';
import '@/components/ui/form-styles';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StepPage, statusQueryOptions, TimeoutPage, useApplicationFlow } from '@/platform/application-flow';
import { AdverseActionNotice } from './adverse-action-notice';

export const DECLINE_VARIANTS = {
  generic: {
    title: 'We are unable to approve your application',
    text: 'After reviewing your application, we are not able to offer you a home equity line of credit at this time. The notice below gives the reasons for our decision and your rights.',
  },
  creditScore: {
    title: 'We are unable to approve your application based on your credit score',
    text: 'Your credit score is below the minimum we need to offer a home equity line of credit. The notice below gives your score, the main factors that affected it, and your rights.',
  },
  dti: {
    title: 'We are unable to approve your application based on your debt-to-income ratio',
    text: 'Your monthly debt payments are too high compared with your income for us to offer a home equity line of credit. The notice below gives the reasons for our decision and your rights.',
  },
  timeout: {
    title: 'We could not complete your application in time',
    text: 'We did not receive the information we need to decide on your application in time, so we cannot continue it. The notice below gives the reasons and your rights.',
  },
  noCredit: {
    title: 'We are unable to approve your application without a credit history',
    text: 'The credit bureau has no credit history with a credit score for you. We need one to offer a home equity line of credit. The notice below gives the reasons for our decision and your rights.',
  },
  noProperty: {
    title: 'We are unable to approve your application for this property',
    text: 'We could not find the property records we need for the home this line of credit would be secured by. The notice below gives the reasons for our decision and your rights.',
  },
  delinquency: {
    title: 'We are unable to approve your application because of a mortgage delinquency',
    text: 'Your credit report shows a late or missed payment on a loan secured by your home. The notice below gives the reasons for our decision and your rights.',
  },
  incorrectOwnership: {
    title: 'We are unable to approve your application because we could not confirm ownership',
    text: 'The public property records list a different owner for this home. A home equity line of credit must be secured by a home you own. The notice below gives the reasons for our decision and your rights.',
  },
} as const;
export type DeclineVariant = keyof typeof DECLINE_VARIANTS;

/** One decline variant: its words, the adverse action notice, and how to reach support. */
export function DeclinePage({ variant }: { variant: DeclineVariant }) {
  const { applicationUuid } = useApplicationFlow();
  const { title, text } = DECLINE_VARIANTS[variant];
  return (
    <StepPage title={title}>
      <Text>{text}</Text>
      <AdverseActionNotice applicationUuid={applicationUuid} />
      <OrgSupportContacts />
    </StepPage>
  );
}

/** error/decline: the generic decline (the property condition, a declined hard pull, …). */
export function DeclineGeneric() {
  return <DeclinePage variant="generic" />;
}

/** error/credit: the credit score decline. */
export function DeclineCredit() {
  return <DeclinePage variant="creditScore" />;
}

/** error/income: the debt-to-income decline. */
export function DeclineIncome() {
  return <DeclinePage variant="dti" />;
}

/** error/timeout: the wait ran out (polling gave up, a bureau that never answered). */
export function TimeoutError() {
  const { applicationUuid } = useApplicationFlow();
  const status = useQuery(statusQueryOptions(applicationUuid));
  const declined = status.data?.status === 'DECLINED';
  return declined ? (
    <DeclinePage variant="timeout" />
  ) : (
    <TimeoutPage applicationUuid={applicationUuid}>
      <Stack gap="xs">
        <OrgSupportContacts lead="If this keeps happening, please contact us:" />
      </Stack>
    </TimeoutPage>
  );
}
