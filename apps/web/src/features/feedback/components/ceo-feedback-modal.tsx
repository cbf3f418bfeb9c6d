/**
 * "Share your thoughts with our CEO" (spec 2 §2, §3, §5, §7, §8): topic (Improve our product / Give us
 * a compliment), message (10–1000 characters) and the marketing consent (Yes/No), all required, checked
 * by the domain's ZCeoFeedbackForm through react-hook-form. On submit the first invalid field scrolls
 * into view and takes focus. The call sends the application on screen (if any), the path and productType
 * HELOC; a server error shows inline, above the buttons, and the form keeps what was typed.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  CEO_FEEDBACK_MAX_LENGTH,
  CEO_FEEDBACK_TITLE,
  CEO_FEEDBACK_TOPICS,
  PRODUCT_TYPES,
  TELEMETRY_EVENTS,
  uuidFromPath,
  ZCeoFeedbackForm,
  type TCeoFeedbackForm,
} from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { errorText } from '@/lib/api-errors';
import { track } from '@/lib/telemetry';
import { useSendCeoFeedback } from '../api/send-ceo-feedback';

/** Field order on screen: the first invalid one in this order is scrolled to. */
const FIELDS = ['topic', 'message', 'marketingConsent'] as const;
type Field = (typeof FIELDS)[number];
const fieldId = (field: Field) => `ceo-feedback-${field}`;

export const CEO_FEEDBACK_LABELS = {
  topic: 'What would you like to share?',
  message: 'Your message',
  marketingConsent: 'May we contact you about your feedback and our products?',
  yes: 'Yes',
  no: 'No',
  submit: 'Send',
  cancel: 'Cancel',
  close: 'Close',
  closeDialog: 'Close dialog',
  /** Ours: the spec shows no confirmation text. */
  sent: 'Thank you. Your message is on its way to our CEO.',
} as const;

/** The element to scroll to and focus for a field: its input, or the first radio of a group. */
function focusTarget(field: Field): HTMLElement | null {
  return document.getElementById(fieldId(field));
}

export function scrollToFirstInvalid(errors: FieldErrors<TCeoFeedbackForm>): void {
  const first = FIELDS.find((field) => errors[field]);
  if (!first) return;
  const element = focusTarget(first);
  element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element?.focus({ preventScroll: true });
}

type FormValues = { topic?: TCeoFeedbackForm['topic']; message: string; marketingConsent?: boolean };

interface CeoFeedbackModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CeoFeedbackModal({ opened, onClose }: CeoFeedbackModalProps) {
  const send = useSendCeoFeedback();
  const [sent, setSent] = useState(false);
  const form = useForm<FormValues, unknown, TCeoFeedbackForm>({
    // The form starts with nothing chosen (undefined), which the schema answers with "Required".
    resolver: zodResolver(ZCeoFeedbackForm) as unknown as Resolver<FormValues, unknown, TCeoFeedbackForm>,
    defaultValues: { topic: undefined, message: '', marketingConsent: undefined },
    // Focus is moved by scrollToFirstInvalid (radio groups have no single ref to focus).
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const close = () => {
    onClose();
    // Ready for another message next time.
    if (sent) {
      setSent(false);
      form.reset();
      send.reset();
    }
  };

  const submit = form.handleSubmit(
    (values) => {
      const pathname = window.location.pathname;
      send.mutate(
        {
          ...values,
          applicationUuid: uuidFromPath(pathname),
          pathname,
          productType: PRODUCT_TYPES[0],
        },
        {
          onSuccess: () => {
            setSent(true);
            track(TELEMETRY_EVENTS.ceoFeedbackSent, {
              eventProperties: { topic: values.topic },
              dontDedupe: true,
            });
          },
        },
      );
    },
    (found) => scrollToFirstInvalid(found),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={CEO_FEEDBACK_TITLE}
      size="lg"
      centered
      className={readable.readable}
      closeButtonProps={{ 'aria-label': CEO_FEEDBACK_LABELS.closeDialog }}
    >
      {sent ? (
        <Stack gap="md">
          <Text role="status">{CEO_FEEDBACK_LABELS.sent}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{CEO_FEEDBACK_LABELS.close}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit} aria-label={CEO_FEEDBACK_TITLE}>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="topic"
              render={({ field }) => (
                <Radio.Group
                  label={CEO_FEEDBACK_LABELS.topic}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  error={errors.topic?.message}
                  required
                >
                  <Stack gap="xs" mt="xs">
                    {CEO_FEEDBACK_TOPICS.map((topic, index) => (
                      <Radio
                        key={topic}
                        id={index === 0 ? fieldId('topic') : undefined}
                        value={topic}
                        label={topic}
                        onBlur={field.onBlur}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            <Textarea
              {...form.register('message')}
              id={fieldId('message')}
              label={CEO_FEEDBACK_LABELS.message}
              description={`10 to ${CEO_FEEDBACK_MAX_LENGTH} characters`}
              error={errors.message?.message}
              rows={6}
              required
            />
            <Controller
              control={form.control}
              name="marketingConsent"
              render={({ field }) => (
                <Radio.Group
                  label={CEO_FEEDBACK_LABELS.marketingConsent}
                  value={field.value === undefined ? null : field.value ? 'yes' : 'no'}
                  onChange={(value) => field.onChange(value === 'yes')}
                  error={errors.marketingConsent?.message}
                  required
                >
                  <Group gap="lg" mt="xs">
                    <Radio id={fieldId('marketingConsent')} value="yes" label={CEO_FEEDBACK_LABELS.yes} />
                    <Radio value="no" label={CEO_FEEDBACK_LABELS.no} />
                  </Group>
                </Radio.Group>
              )}
            />
            {send.isError ? (
              <Alert color="red" role="alert">
                {errorText(send.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {CEO_FEEDBACK_LABELS.cancel}
              </Button>
              <Button type="submit" loading={send.isPending}>
                {CEO_FEEDBACK_LABELS.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
