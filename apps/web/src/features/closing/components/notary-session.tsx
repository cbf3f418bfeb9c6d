/**
 * The sandbox electronic notary session (spec 1 §2 {uuid}/notary/session): identity questions, review
 * of the deed, signature, the notary completes it. The other notary screens: notary-screens.tsx.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { Button, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { REQUIRED_MESSAGE, type TNotarySessionView } from '@heloc/domain';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import { PdfViewer } from '@/platform/pdf-viewer';
import { ApiError } from '@/lib/api-client';
import { errorDetailsObject, errorText } from '@/lib/api-errors';
import { ServerError, useAction } from '@/lib/forms';
import { useQueryClient } from '@tanstack/react-query';
import { closingApi, closingDocumentPath, closingDocumentsQueryOptions } from '../api/closing-api';
import { QueryLoading } from '@/components/ui/query-gate';

export function NotarySession() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const documents = useQuery(closingDocumentsQueryOptions(applicationUuid));
  const start = useQuery({
    queryKey: ['notary-session', applicationUuid.toLowerCase()],
    queryFn: () => closingApi.startSession(applicationUuid),
    retry: false,
    staleTime: Infinity,
  });
  const [session, setSession] = useState<TNotarySessionView | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [reachedEnd, setReachedEnd] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const working = useAction();
  const current = session ?? start.data ?? null;

  useEffect(() => {
    // Only the notaries' own refusal (it gives a reason) is the notary error page. A 409 for an
    // application not at this step (a bookmark, a link opened later) is left to the status guard,
    // which moves the borrower to the step the status calls for.
    if (
      start.error instanceof ApiError &&
      start.error.status === 409 &&
      errorDetailsObject(start.error)?.reason !== undefined
    ) {
      void navigate(destinationPath(applicationUuid, 'notary/error'), {
        replace: true,
        state: { message: start.error.message },
      });
    }
  }, [start.error, applicationUuid, navigate]);

  const step = (work: () => Promise<TNotarySessionView | void>) =>
    working.run(async () => {
      const next = await work();
      if (next) setSession(next);
    });

  if (start.isPending) return <QueryLoading label="Connecting to your notary" />;
  if (!current) {
    return (
      <StepPage title="Your eNotary session">
        <ServerError>{errorText(start.error)}</ServerError>
      </StepPage>
    );
  }
  const deed = documents.data?.documents.find((doc) => doc.type === 'DEED_OF_TRUST');

  return (
    <StepPage title="Your eNotary session" lead="Your notary is with you. Follow the three steps below.">
      {!current.identityConfirmed ? (
        <Stack gap="md" component="section" aria-labelledby="kba-title">
          <Title order={2} size="h3" id="kba-title">
            Step 1 of 3: Confirm your identity
          </Title>
          {current.questions.map((question) => (
            <Radio.Group
              key={question.id}
              label={question.prompt}
              value={answers[question.id] ?? ''}
              onChange={(value) => setAnswers((all) => ({ ...all, [question.id]: value }))}
              error={missing.includes(question.id) ? REQUIRED_MESSAGE : undefined}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {question.choices.map((choice) => (
                  <Radio key={choice} value={choice} label={choice} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
          <ServerError>{working.error}</ServerError>
          <Group>
            <Button
              loading={working.pending}
              onClick={() => {
                const unanswered = current.questions.filter((q) => !answers[q.id]).map((q) => q.id);
                setMissing(unanswered);
                if (unanswered.length === 0)
                  void step(() => closingApi.answerSession(applicationUuid, answers));
              }}
            >
              Confirm my identity
            </Button>
          </Group>
        </Stack>
      ) : !current.deedReviewed ? (
        <Stack gap="md" component="section" aria-labelledby="review-title">
          <Title order={2} size="h3" id="review-title">
            Step 2 of 3: Review your deed with the notary
          </Title>
          {deed ? (
            <Suspense fallback={<QueryLoading label="Loading the deed" />}>
              <PdfViewer
                src={closingDocumentPath(applicationUuid, deed.uuid)}
                title={deed.label}
                onReachedEnd={() => setReachedEnd(true)}
              />
            </Suspense>
          ) : (
            <QueryLoading label="Loading the deed" />
          )}
          <Text size="sm" role="status">
            {reachedEnd
              ? 'You have reached the end of the deed.'
              : 'Scroll to the end of the deed to continue.'}
          </Text>
          <ServerError>{working.error}</ServerError>
          <Group>
            <Button
              disabled={!reachedEnd || !deed}
              loading={working.pending}
              onClick={() => deed && void step(() => closingApi.reviewDeed(applicationUuid, deed.uuid))}
            >
              I have reviewed the deed
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" component="section" aria-labelledby="sign-title">
          <Title order={2} size="h3" id="sign-title">
            Step 3 of 3: Sign before the notary
          </Title>
          <Checkbox
            label="I sign the deed of trust electronically before the notary"
            checked={consent}
            onChange={(event) => {
              setConsent(event.currentTarget.checked);
              setConsentError(null);
            }}
            error={consentError}
          />
          <ServerError>{working.error}</ServerError>
          <Group>
            <Button
              loading={working.pending || busy}
              onClick={() => {
                if (!consent) {
                  setConsentError(REQUIRED_MESSAGE);
                  return;
                }
                void step(async () => {
                  await closingApi.signDeed(applicationUuid);
                  await queryClient.invalidateQueries({ queryKey: ['notary-session'] });
                  await advance();
                });
              }}
            >
              Sign the deed
            </Button>
          </Group>
        </Stack>
      )}
    </StepPage>
  );
}
