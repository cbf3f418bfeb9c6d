/**
 * The Bad Response dialog "Tell us more" (spec 2 §2, §5): a reason is required ("Please select a
 * reason"); additional information shows only for Other, at most 140 characters ("Please restrict
 * your response to 140 characters.").
 */
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import readable from '@/components/ui/readable-form.module.css';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  CHATBOT_FEEDBACK_OTHER_REASON,
  CHATBOT_FEEDBACK_REASONS,
  CHAT_TEXTS,
  ZChatbotFeedback,
  type TChatbotFeedback,
} from '@heloc/domain';

export interface BadResponseDialogProps {
  opened: boolean;
  onClose: () => void;
  onSubmit: (feedback: TChatbotFeedback) => void;
  submitting: boolean;
}

export function BadResponseDialog({ opened, onClose, onSubmit, submitting }: BadResponseDialogProps) {
  const [reason, setReason] = useState('');
  const [additionalInformation, setAdditionalInformation] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; additionalInformation?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZChatbotFeedback.safeParse({ reason: reason || undefined, additionalInformation });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(found.reason ? 'bad-response-reason' : 'bad-response-info')?.focus();
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={CHAT_TEXTS.badResponseTitle}
      zIndex={400}
      centered
      className={readable.readable}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group
            id="bad-response-reason"
            label="Reason"
            withAsterisk
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (errors.reason) setErrors({ ...errors, reason: undefined });
            }}
            error={errors.reason}
          >
            <Stack gap="xs" mt="xs">
              {CHATBOT_FEEDBACK_REASONS.map((choice) => (
                <Radio key={choice} value={choice} label={choice} />
              ))}
            </Stack>
          </Radio.Group>
          {reason === CHATBOT_FEEDBACK_OTHER_REASON && (
            <Textarea
              id="bad-response-info"
              label="Additional information"
              value={additionalInformation}
              onChange={(event) => setAdditionalInformation(event.currentTarget.value)}
              error={errors.additionalInformation}
              autosize
              minRows={2}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
