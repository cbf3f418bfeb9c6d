/**
 * Notary (spec 1 §2 {uuid}/notary): eNotary online now, or a notary who comes to the borrower for the
 * $300 manual notarization fee at a slot inside the operating hours (Pacific time); the sandbox
 * electronic session (identity questions, review of the deed, signature, the notary completes it:
 * notary-session.tsx); and the page shown when no notary is available.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  formatCurrency,
  MANUAL_NOTARY_FEE_CENTS,
  OPERATING_HOURS_TIME_ZONE,
  REQUIRED_MESSAGE,
} from '@heloc/domain';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import { errorText } from '@/lib/api-errors';
import { ServerError, useAction } from '@/lib/forms';
import { statusQueryOptions } from '@/platform/application-flow';
import { closingApi, notarySlotsQueryOptions } from '../api/closing-api';
import { QueryGate } from '@/components/ui/query-gate';
import { LOAD_FAILED_TITLE, useGoAfterWrite, useStatusPolling } from './common';

const FEE = formatCurrency(MANUAL_NOTARY_FEE_CENTS);

const pacific = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: OPERATING_HOURS_TIME_ZONE, ...options }).format(new Date(iso));
const slotDay = (iso: string) => pacific(iso, { weekday: 'long', month: 'long', day: 'numeric' });
const slotTime = (iso: string) => pacific(iso, { hour: 'numeric', minute: '2-digit' });

export function NotaryIntro() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const status = useQuery(statusQueryOptions(applicationUuid));
  const navigate = useNavigate();
  const goAfterWrite = useGoAfterWrite();
  const [method, setMethod] = useState<'ENOTARY' | 'MANUAL' | ''>('');
  const [feeConsent, setFeeConsent] = useState(false);
  const [errors, setErrors] = useState<{ method?: string; fee?: string }>({});
  const saving = useAction();
  const statusName = status.data?.status;
  useStatusPolling(60_000);

  if (statusName === 'NOTARY_WAITING_PERIOD' || statusName === 'ATTORNEY_REVIEW') {
    return (
      <StepPage
        title="Your notary appointment is booked"
        lead="The notary will meet you at the time you chose. We move on as soon as the notary confirms your signing."
      />
    );
  }

  async function choose() {
    const found: typeof errors = {};
    if (!method) found.method = REQUIRED_MESSAGE;
    if (method === 'MANUAL' && !feeConsent) found.fee = REQUIRED_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saving.run(async () => {
      if (method === 'ENOTARY') {
        await closingApi.notaryChoice(applicationUuid, { method: 'ENOTARY' });
        await goAfterWrite('notary/session');
      } else {
        await closingApi.notaryChoice(applicationUuid, {
          method: 'MANUAL',
          feeConsent: true,
          feeCents: MANUAL_NOTARY_FEE_CENTS,
        });
        await advance();
      }
    });
  }

  return (
    <StepPage
      title="Meet your notary"
      lead="Your deed of trust is signed in front of a notary. Meet an eNotary online now, or have a notary come to you."
    >
      {statusName === 'DEED_SIGNING' ? (
        <Alert variant="light" title="Your eNotary session is ready">
          <Button mt="xs" onClick={() => void navigate(destinationPath(applicationUuid, 'notary/session'))}>
            Join eNotary session
          </Button>
        </Alert>
      ) : null}
      <Stack gap="md" maw={560}>
        <Radio.Group
          label="How would you like to meet the notary?"
          value={method}
          onChange={(value) => {
            setMethod(value as typeof method);
            setErrors((all) => ({ ...all, method: undefined }));
          }}
          error={errors.method}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            <Radio value="ENOTARY" label="eNotary: a video session online, now (no fee)" />
            <Radio value="MANUAL" label={`A notary comes to you at a time you choose (${FEE} fee)`} />
          </Stack>
        </Radio.Group>
        {method === 'MANUAL' ? (
          <Checkbox
            label={`I agree to pay the ${FEE} manual notarization fee`}
            checked={feeConsent}
            onChange={(event) => {
              setFeeConsent(event.currentTarget.checked);
              setErrors((all) => ({ ...all, fee: undefined }));
            }}
            error={errors.fee}
          />
        ) : null}
        <ServerError>{saving.error}</ServerError>
        <Group>
          <Button onClick={() => void choose()} loading={saving.pending || busy}>
            Continue
          </Button>
        </Group>
      </Stack>
    </StepPage>
  );
}

/** notary/reserve-manual: the manual notary was chosen; the borrower picks a time next. */
export function NotaryReserveManual() {
  const { applicationUuid } = useApplicationFlow();
  return (
    <StepPage
      title="Schedule your notary"
      lead={`A notary comes to your home to witness your signature on the deed. The ${FEE} fee is added to your closing costs.`}
    >
      <Group>
        <Button component={Link} to={destinationPath(applicationUuid, 'notary/schedule-manual')}>
          Choose a time
        </Button>
      </Group>
    </StepPage>
  );
}

export function NotaryScheduleManual() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const slots = useQuery(notarySlotsQueryOptions(applicationUuid));
  const [startsAt, setStartsAt] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const reserve = useMutation({
    mutationFn: () => closingApi.reserveNotary(applicationUuid, startsAt),
    onSuccess: () => advance(),
    onError: () => void slots.refetch(),
  });

  return (
    <StepPage title="Choose a time" lead="Times are shown in Pacific time (PT).">
      <QueryGate query={slots} label="Loading available times" errorTitle={LOAD_FAILED_TITLE}>
        {(view) => {
          const days = new Map<string, typeof view.slots>();
          for (const slot of view.slots) {
            const day = slotDay(slot.startsAt);
            days.set(day, [...(days.get(day) ?? []), slot]);
          }
          if (view.slots.length === 0)
            return <Text>No times are available in the next two weeks. Please call us.</Text>;
          return (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!startsAt) {
                  setChoiceError(REQUIRED_MESSAGE);
                  return;
                }
                setChoiceError(null);
                reserve.mutate();
              }}
            >
              <Stack gap="md">
                <Radio.Group
                  label="Appointment time (Pacific time)"
                  value={startsAt}
                  onChange={setStartsAt}
                  error={choiceError}
                  withAsterisk
                >
                  <Stack gap="md" mt="xs">
                    {[...days.entries()].map(([day, daySlots]) => (
                      <fieldset key={day} style={{ border: 0, padding: 0, margin: 0 }}>
                        <legend style={{ fontWeight: 600, marginBottom: 4 }}>{day}</legend>
                        <Group gap="md">
                          {daySlots.map((slot) => (
                            <Radio
                              key={slot.startsAt}
                              value={slot.startsAt}
                              label={`${slotTime(slot.startsAt)} – ${slotTime(slot.endsAt)} PT`}
                              aria-label={`${day}, ${slotTime(slot.startsAt)} to ${slotTime(slot.endsAt)} Pacific time`}
                            />
                          ))}
                        </Group>
                      </fieldset>
                    ))}
                  </Stack>
                </Radio.Group>
                <ServerError>{reserve.isError ? errorText(reserve.error) : null}</ServerError>
                <Group>
                  <Button type="submit" loading={reserve.isPending || busy}>
                    Reserve this time
                  </Button>
                </Group>
              </Stack>
            </form>
          );
        }}
      </QueryGate>
    </StepPage>
  );
}

export function NotaryError() {
  const { applicationUuid } = useApplicationFlow();
  return (
    <StepPage
      title="Our notaries are not available right now"
      lead="eNotary sessions run during our operating hours. Please try again later, or have a notary come to you instead."
    >
      <Group>
        <Button component={Link} to={destinationPath(applicationUuid, 'notary/session')}>
          Try again
        </Button>
        <Button component={Link} to={destinationPath(applicationUuid, 'notary/intro')} variant="default">
          Choose another way
        </Button>
      </Group>
    </StepPage>
  );
}
