import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Container, Stack, Text, Title } from '@mantine/core';
import { paths } from '@/config/paths';
import { AppLink } from '@/components/ui/app-link';

/** Any path neither router knows; links back to the app index (/account/heloc/). */
export function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Page not found</Title>
        <Text>The page you are looking for does not exist or has moved.</Text>
        <Text>
          <AppLink to={paths.app.home.getHref()}>Go to the Home Equity Line of Credit overview</AppLink>
        </Text>
      </Stack>
    </Container>
  );
}
