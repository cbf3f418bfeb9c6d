/**
 * start/app-summary (spec 1 §4 waitSummary → appSummary): the generated application summary in the
 * PDF viewer, the early disclosures one link away, the hard-credit authorisation and the submission.
 * Submitting starts the hard pull and the hand-over (HARD_CREDIT_PULL, APP_SUBMISSION: jobs with no
 * routing row of their own); the screen follows the status by the domain's polling delays until it
 * moves on, and the frame's status guard then shows the screen the new status resolves to.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  isSubmissionInProgress,
  pollDelayMs,
  STATUS_POLL_WAITING_ATTEMPTS,
  ZSubmitApplicationInput,
} from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { ProcessingModal } from '@/components/ui/processing-modal';
import {
  abortableSleep,
  destinationPath,
  statusQueryOptions,
  StepPage,
  useApplicationFlow,
} from '@/platform/application-flow';
import { PdfViewer } from '@/platform/pdf-viewer';
import { applicationQueryOptions } from '@/platform/application-frame';
import { showToast } from '@/components/ui/toast';
import { checkboxProps, ServerError, useZodForm } from '@/lib/forms';
import { documentDownloadPath, documentsQueryOptions, submitApplication } from '../api/submission-api';
import { HARD_CREDIT_CONSENT_LABEL } from './more-info-steps';

export const APP_SUMMARY_TITLE = 'Review and Submit';
export const SUMMARY_ACCEPT_LABEL = 'I have read my application summary and the information in it is correct';
export const SUBMITTING_MESSAGES = [
  'Submitting your application…',
  'Checking your credit report…',
  'Almost there…',
] as const;

/** While a submission is under way: poll the status (domain delays) until it leaves those statuses. */
function useFollowSubmission(applicationUuid: string) {
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);

  /** `announce`: confirm the submission with a toast (a submit from this screen, not a resumed one). */
  const follow = useCallback(
    async (announce = false) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setFollowing(true);
      setGaveUp(false);
      try {
        for (let attempt = 0; attempt < STATUS_POLL_WAITING_ATTEMPTS; attempt += 1) {
          // fetchQuery updates the status the frame's guard watches: it moves the borrower on.
          const answer = await queryClient
            .fetchQuery({ ...statusQueryOptions(applicationUuid), staleTime: 0 })
            .catch(() => null);
          if (answer && !isSubmissionInProgress(answer.status)) {
            // The progress sidebar reads the application, not the status: read it again, or it stays
            // one step behind after the submission.
            await queryClient.invalidateQueries({
              queryKey: applicationQueryOptions(applicationUuid).queryKey,
            });
            if (announce && answer.status !== 'DECLINED')
              void showToast({
                title: 'Application submitted',
                message: 'We have your application. Your next step is on the screen.',
                tone: 'success',
              });
            return;
          }
          await abortableSleep(pollDelayMs(attempt), controller.signal);
        }
        setGaveUp(true);
      } catch {
        // Aborted: the screen went away.
      } finally {
        if (controllerRef.current === controller) setFollowing(false);
      }
    },
    [applicationUuid, queryClient],
  );
  return { follow, following, gaveUp };
}

export function AppSummaryStep() {
  const { applicationUuid } = useApplicationFlow();
  const status = useQuery(statusQueryOptions(applicationUuid));
  const documents = useQuery(documentsQueryOptions(applicationUuid));
  const summary = documents.data?.documents.find((each) => each.type === 'APPLICATION_SUMMARY');
  const { follow, following, gaveUp } = useFollowSubmission(applicationUuid);
  const inProgress = isSubmissionInProgress(status.data?.status);

  // A reload while the submission is under way picks up following it (once: not after giving up).
  useEffect(() => {
    if (inProgress && !following && !gaveUp) void follow();
  }, [inProgress, following, gaveUp, follow]);

  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZSubmitApplicationInput, {
    defaultValues: { summaryAccepted: false as unknown as true, hardCreditConsent: false as unknown as true },
  });
  const submit = onSubmit(async (values) => {
    await submitApplication(applicationUuid, values);
    await follow(true);
  });

  return (
    <StepPage
      title={APP_SUMMARY_TITLE}
      lead="Please read your application summary. When everything is correct, confirm it and submit your application."
    >
      {summary ? (
        <Suspense fallback={<Loader aria-label="Loading your application summary" />}>
          <PdfViewer src={documentDownloadPath(applicationUuid, summary.uuid)} title={summary.label} />
        </Suspense>
      ) : documents.isPending ? (
        <Loader aria-label="Loading your application summary" />
      ) : (
        <Text>We are preparing your application summary. It will appear here in a moment.</Text>
      )}
      <Text>
        Before you submit, please also read the{' '}
        <Anchor component={Link} to={destinationPath(applicationUuid, 'document/disclosures')}>
          Early HELOC Disclosure and the consumer booklet
        </Anchor>
        .
      </Text>
      {gaveUp ? (
        <Alert color="blue" variant="light" title="Your application is being submitted">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              This is taking longer than usual. Your application is saved; you can check again now or come
              back later.
            </Text>
            <Button size="xs" variant="default" onClick={() => void follow()}>
              Check again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {inProgress ? null : (
        <form
          ref={formRef}
          noValidate
          onSubmit={submit}
          aria-label="Submit your application"
          className={readable.readable}
        >
          <Stack gap="md">
            <Checkbox label={SUMMARY_ACCEPT_LABEL} {...checkboxProps(form, 'summaryAccepted')} />
            <section aria-labelledby="submit-hard-credit">
              <Text fw={600} id="submit-hard-credit">
                Hard credit authorization
              </Text>
              <Text size="sm">
                Submitting your application starts a hard inquiry with a consumer reporting agency, which is
                recorded on your credit report and may affect your credit score.
              </Text>
            </section>
            <Checkbox label={HARD_CREDIT_CONSENT_LABEL} {...checkboxProps(form, 'hardCreditConsent')} />
            <ServerError>{serverError}</ServerError>
            <Group>
              <Button type="submit" loading={submitting || following} disabled={!summary}>
                Submit my application
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ProcessingModal
        opened={following}
        messages={SUBMITTING_MESSAGES}
        title="Submitting your application"
      />
    </StepPage>
  );
}
