/**
 * The survey prompt on logout (spec 1 §5): on the liens, product select, identity and signing sign
 * screens, signing out first asks one question, with an optional link to answer it, then leaves after
 * the survey exit delay (spec 1 §9, 750 ms) so an answer opened in a new tab is not cut off.
 */
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { VisuallyHidden } from '@/components/ui/visually-hidden';

export const LOGOUT_SURVEY_TITLE = 'Before you go';
export const LOGOUT_SURVEY_QUESTION = 'What kept you from finishing your application today?';

interface LogoutSurveyDialogProps {
  opened: boolean;
  pending: boolean;
  /** Where the one-question survey is answered (e.g. a mailto: link to the organisation); text only without. */
  surveyHref?: string | undefined;
  onStay: () => void;
  onLeave: () => void;
}

export function LogoutSurveyDialog({
  opened,
  pending,
  surveyHref,
  onStay,
  onLeave,
}: LogoutSurveyDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title={LOGOUT_SURVEY_TITLE} centered>
      <Stack gap="md">
        <Text>
          One quick question: {LOGOUT_SURVEY_QUESTION} Your application is saved, so you can pick up where you
          left off.
        </Text>
        {surveyHref ? (
          <Text>
            <a href={surveyHref} target="_blank" rel="noopener noreferrer" onClick={onLeave}>
              Answer the one-question survey <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
            </a>
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} disabled={pending}>
            Stay
          </Button>
          <Button onClick={onLeave} loading={pending}>
            Log out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
