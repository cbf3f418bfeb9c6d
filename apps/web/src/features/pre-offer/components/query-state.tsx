/** Loading and failure of a screen's own data: a labelled loader, or the combined error text with a retry. */
import '@/components/ui/form-styles';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { errorText } from '@/lib/api-errors';

export function QueryState({
  error,
  label,
  onRetry,
}: {
  error: unknown;
  label: string;
  onRetry: () => void;
}) {
  if (!error) {
    return (
      <Center py="xl">
        <Loader aria-label={label} />
      </Center>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="red" variant="light" role="alert">
        {errorText(error)}
      </Alert>
      <Button variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
