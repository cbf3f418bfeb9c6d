/** The signing secret of a new subscription or a rotation: shown once. */
import { Alert, Code, Text } from '@mantine/core';

export function SecretNotice({ secret }: { secret: string }) {
  return (
    <Alert color="yellow" role="status">
      <Text fw={700}>Signing secret (shown once: copy it now)</Text>
      <Code data-testid="webhook-secret">{secret}</Code>
    </Alert>
  );
}
