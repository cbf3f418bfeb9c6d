/** /account/heloc/register/support: how to get help with registering. */
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Container, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { SupportContacts } from './support-contacts';

interface SupportPageProps {
  companyName: string;
  supportPhone?: string | undefined;
  supportEmail?: string | undefined;
}

export function SupportPage({ companyName, supportPhone, supportEmail }: SupportPageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Need help with your application?</Title>
        <Text>
          The {companyName} customer service team can answer questions about applying, your account and your
          home equity line of credit.
        </Text>
        <SupportContacts phone={supportPhone} email={supportEmail} />
        <Text>
          <AppLink to={paths.app.register.getHref()}>Back to your application</AppLink>
        </Text>
      </Stack>
    </Container>
  );
}
