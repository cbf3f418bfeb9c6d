/**
 * The not-accepting-applications page (spec 1 §2): a wholesale business takes applications only
 * through its brokers; an organisation that requires a referring loan originator takes them only through
 * the link that loan officer gives out.
 */
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Container, Stack, Text, Title } from '@mantine/core';
import type { NotAcceptingReason } from '../accepting';
import { SupportContacts } from './support-contacts';

export const NOT_ACCEPTING_TITLE = 'We are not accepting applications here';

interface NotAcceptingPageProps {
  reason: NotAcceptingReason;
  companyName: string;
  supportPhone?: string | undefined;
  supportEmail?: string | undefined;
}

export function NotAcceptingPage({ reason, companyName, supportPhone, supportEmail }: NotAcceptingPageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{NOT_ACCEPTING_TITLE}</Title>
        {reason === 'wholesale' ? (
          <Text>
            {companyName} accepts home equity line of credit applications only through its broker partners,
            not online. Please contact your mortgage broker to apply.
          </Text>
        ) : (
          <Text>
            {companyName} accepts online applications only through a referring loan officer. Please use the
            application link your loan officer sent you, or ask them for one.
          </Text>
        )}
        <Text>If you have questions, we are happy to help:</Text>
        <SupportContacts phone={supportPhone} email={supportEmail} />
      </Stack>
    </Container>
  );
}
