/**
 * /account/heloc/register (spec 1 §2, §4 "Registration steps"): Property Info → Income Info → Personal
 * Info → Contact Info (skipped for a partner's lead that brings `email` and `phone`) → Login Info, the
 * step chosen by the `step` query value so back/forward move between steps. What was typed is kept
 * across steps and reloads (session storage, without the password). On submit the account is created;
 * server field errors land on their fields and the page moves to the step holding the first one.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CRYPTO_UTM_SOURCE,
  isUuid,
  parsePhone,
  QUERY_PARAMS,
  REGISTRATION_EMAIL_UNAVAILABLE,
  REGISTRATION_STEP_DETAILS,
  TELEMETRY_EVENTS,
  ZEmailAddress,
} from '@heloc/domain';
import type { TRegistrationStep, UsStateCode } from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText, fieldDetails } from '@/lib/api-errors';
import { useIsSignedIn } from '@/lib/auth';
import { track } from '@/lib/telemetry';
import { useRegisterBorrower } from '../api/register';
import { clearDraft, loadDraft, saveDraft } from '../draft-storage';
import {
  errorsOfStep,
  fieldId,
  fieldOfPath,
  firstInvalidField,
  resolveStep,
  toRegistrationRequest,
  validateRegistration,
  visibleSteps,
} from '../registration-form';
import type {
  RegisterErrors,
  RegisterField,
  RegisterValues,
  RegistrationContext,
} from '../registration-form';
import { loadLoginStepFields, StepFields } from './register-fields';
import classes from './register-page.module.css';
import { StepProgress } from './step-progress';

export const ACCOUNT_EXISTS_MESSAGE = REGISTRATION_EMAIL_UNAVAILABLE;

interface RegisterPageProps {
  companyName: string;
  licensedStates: readonly UsStateCode[];
  /** Shown beside the first step: the organisation's key figures. */
  aside?: ReactNode;
}

/** A partner's lead arrives with e-mail and phone in the query; both must be usable to skip the step. */
function leadContact(searchParams: URLSearchParams): { email: string; phone: string } | null {
  const email = searchParams.get('email')?.trim() ?? '';
  const phone = searchParams.get('phone')?.trim() ?? '';
  // Most visitors come without a lead: no e-mail schema to build (its first use costs a phone ~60 ms
  // of the first render) for an absent address.
  if (!email || !phone) return null;
  if (!ZEmailAddress.safeParse(email).success || parsePhone(phone) === null) return null;
  return { email, phone };
}

/** Scrolls the field into view and focuses it; false while it is not on the page (its step not shown yet). */
function focusField(field: RegisterField): boolean {
  const element = document.getElementById(fieldId(field));
  if (!element) return false;
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
  return true;
}

export function RegisterPage({ companyName, licensedStates, aside }: RegisterPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const register = useRegisterBorrower();

  const lead = leadContact(searchParams);
  const steps = visibleSteps(lead !== null);
  const step = resolveStep(searchParams.get(QUERY_PARAMS.step), steps);
  const stepIndex = steps.indexOf(step);
  const isLast = stepIndex === steps.length - 1;

  const referrer = searchParams.get(QUERY_PARAMS.referrer);
  const context: RegistrationContext = {
    licensedStates,
    companyName,
    // A value that is no id cannot name a loan officer; without it the server says one is required.
    referrer: referrer && isUuid(referrer) ? referrer : undefined,
    isCrypto: !signedIn && searchParams.get(QUERY_PARAMS.utmSource) === CRYPTO_UTM_SOURCE,
  };

  const [values, setValues] = useState<RegisterValues>(() => {
    const draft = loadDraft();
    return lead ? { ...draft, email: lead.email, phoneNumber: lead.phone } : draft;
  });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  // The field to focus once its step has rendered (set with the errors that name it).
  const pendingFocus = useRef<RegisterField | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => saveDraft(values), [values]);
  // Funnel: once per session (deduplicated by name on the server).
  useEffect(() => track(TELEMETRY_EVENTS.registrationStarted), []);

  // Fetch the last step's chunk while the person fills in the first ones.
  useEffect(() => {
    const timer = setTimeout(() => void loadLoginStepFields(), 2000);
    return () => clearTimeout(timer);
  }, []);

  // After a render: an invalid field waiting for focus gets it (scrolled into view); otherwise a new step
  // moves focus to its heading. Not on the first render: the page keeps its natural start.
  useEffect(() => {
    const field = pendingFocus.current;
    const stepChanged = shownStep.current !== step;
    shownStep.current = step;
    if (field) {
      if (focusField(field)) pendingFocus.current = null;
    } else if (stepChanged) {
      headingRef.current?.focus();
    }
  });

  const goTo = (target: TRegistrationStep) => {
    if (target === step) return;
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(QUERY_PARAMS.step, target);
      return next;
    });
  };

  const change = (field: RegisterField, value: string | boolean) => {
    const next = { ...values, [field]: value } as RegisterValues;
    setValues(next);
    setAccountExists(false);
    // A field showing a message re-checks as the person types, so the message goes once it is fixed.
    if (errors[field]) {
      const message = validateRegistration(next, context)[field];
      setErrors((current) => ({ ...current, [field]: message }));
    }
  };

  /** Shows the errors, goes to the step of the first one and focuses it. */
  const showErrors = (found: RegisterErrors) => {
    setErrors(found);
    const first = firstInvalidField(found, steps);
    if (!first) return;
    const firstStep = steps.find((candidate) => Object.keys(errorsOfStep(found, candidate)).includes(first));
    if (firstStep) goTo(firstStep);
    pendingFocus.current = first;
  };

  const submitRegistration = () => {
    const all = validateRegistration(values, context);
    if (firstInvalidField(all, steps)) {
      showErrors(all);
      return;
    }
    register.mutate(toRegistrationRequest(values, context), {
      onSuccess: (outcome) => {
        if (outcome.kind === 'identityExists') {
          setAccountExists(true);
          return;
        }
        clearDraft();
        track(TELEMETRY_EVENTS.accountCreated);
        navigate(paths.app.registerAccountSetup.getHref(outcome.applicationUuid));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setAccountExists(true);
          return;
        }
        const mapped: RegisterErrors = {};
        const unmatched: string[] = [];
        for (const detail of fieldDetails(error)) {
          const field = fieldOfPath(detail.path);
          if (field && !mapped[field]) mapped[field] = detail.message;
          else if (!field) unmatched.push(detail.message);
        }
        if (Object.keys(mapped).length > 0) {
          showErrors(mapped);
          if (unmatched.length > 0) setFormError(unmatched.join(' '));
        } else {
          setFormError(errorText(error));
        }
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setAccountExists(false);
    const stepErrors = errorsOfStep(validateRegistration(values, context), step);
    setErrors((current) => ({ ...dropStep(current, step), ...stepErrors }));
    const first = firstInvalidField(stepErrors, [step]);
    if (first) {
      focusField(first);
      return;
    }
    if (isLast) submitRegistration();
    else goTo(steps[stepIndex + 1] ?? step);
  };

  const back = () => {
    const previous = steps[stepIndex - 1];
    if (previous) goTo(previous);
  };

  const details = REGISTRATION_STEP_DETAILS[step];
  const form = (
    <form onSubmit={submit} noValidate aria-labelledby="register-step-title">
      <Stack gap="lg">
        <Title order={2} id="register-step-title" ref={headingRef} tabIndex={-1}>
          {details.label}
        </Title>
        {accountExists ? (
          <Alert color="red" variant="light" role="alert" title={ACCOUNT_EXISTS_MESSAGE}>
            If you already have an account, <a href={paths.host.login.getHref()}>Log in to your account</a> to
            continue. We sent an e-mail to this address.
          </Alert>
        ) : null}
        {formError ? (
          <Alert color="red" variant="light" role="alert" title="We could not create your account">
            {formError}
          </Alert>
        ) : null}
        <StepFields
          step={step}
          values={values}
          errors={errors}
          onChange={change}
          companyName={companyName}
          licensedStates={licensedStates}
        />
        <Group justify="space-between">
          {stepIndex > 0 ? (
            <Button variant="default" onClick={back}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={register.isPending}>
            {isLast ? 'Create account' : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <Container size="lg" py="xl" className={readable.readable}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Apply for a Home Equity Line of Credit</Title>
          <Text>
            Tell us about your home and yourself; it takes a few minutes. Already have an account?{' '}
            <a href={paths.host.login.getHref()}>Log in</a>. Questions?{' '}
            <AppLink to={paths.app.registerSupport.getHref()}>Get help</AppLink>.
          </Text>
        </Stack>
        <StepProgress steps={steps} current={step} />
        {stepIndex === 0 && aside ? (
          <div className={classes.withAside}>
            {form}
            {aside}
          </div>
        ) : (
          <Stack maw={720}>{form}</Stack>
        )}
      </Stack>
    </Container>
  );
}

/** The errors of every step but `step` (its own are re-checked on Continue). */
function dropStep(errors: RegisterErrors, step: TRegistrationStep): RegisterErrors {
  const kept: RegisterErrors = { ...errors };
  for (const field of Object.keys(errorsOfStep(errors, step)) as RegisterField[]) delete kept[field];
  return kept;
}
