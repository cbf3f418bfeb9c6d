/**
 * /account/heloc/register/account-setup: the confirmation after registering — the account is ready,
 * the new application's Application ID (its loan number), and the way on to the dashboard. A visitor
 * (who may open this page) is asked to log in instead.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Loader.css';
import { Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isUuid } from '@heloc/domain';
import { QueryGate } from '@/components/ui/query-gate';
import { paths } from '@/config/paths';
import { useIsSignedIn } from '@/lib/auth';
import { useApplication } from '../api/get-application';

export const ACCOUNT_READY_TITLE = 'Your account is ready';

export function AccountSetupPage() {
  const [searchParams] = useSearchParams();
  const signedIn = useIsSignedIn();
  const requested = searchParams.get('applicationUuid');
  const uuid = requested && isUuid(requested) ? requested : null;
  const application = useApplication(uuid, { enabled: signedIn });

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{ACCOUNT_READY_TITLE}</Title>
        {signedIn ? (
          <>
            <Text>
              Your home equity line of credit application has been started. Keep your Application ID for
              reference.
            </Text>
            {uuid ? (
              <Paper withBorder p="md" radius="md">
                <QueryGate
                  query={application}
                  label="Loading your Application ID"
                  retry={false}
                  loading={<Loader size="sm" aria-label="Loading your Application ID" />}
                >
                  {(data) => (
                    <dl>
                      <dt>Application ID</dt>
                      <dd>
                        <strong>{data.loanNumber}</strong>
                      </dd>
                    </dl>
                  )}
                </QueryGate>
              </Paper>
            ) : null}
            <Button component="a" href={paths.host.dashboard.getHref()} w="fit-content">
              Continue to the dashboard
            </Button>
          </>
        ) : (
          <>
            <Text>Log in to continue your application.</Text>
            <Button
              component="a"
              href={paths.host.login.getHref(paths.host.dashboard.getHref())}
              w="fit-content"
            >
              Log in
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
