/**
 * /dashboard: the borrower's applications — Application ID (loan number), created date, current step
 * and the property — each with a way back into it, plus starting a new one. Application pages live in
 * the app router, so going there is a document load.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  applicationStepLabel,
  formatAddress,
  formatDisplayDate,
  isFinalApplicationStep,
} from '@heloc/domain';
import type { THelocApplicationView } from '@heloc/domain';
import { QueryGate } from '@/components/ui/query-gate';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import readable from '@/components/ui/readable-form.module.css';
import { appHref, paths } from '@/config/paths';
import { errorText } from '@/lib/api-errors';
import { browserLocation } from '@/lib/browser-location';
import { useCreateApplication } from '../api/create-application';
import { useApplications } from '../api/get-applications';
import classes from './dashboard-page.module.css';

export const START_APPLICATION_LABEL = 'Start a new application';

export function applicationHref(uuid: string): string {
  return appHref(paths.app.application.getHref(uuid));
}

export function DashboardPage() {
  const applications = useApplications();
  const create = useCreateApplication();

  const start = () =>
    create.mutate(undefined, {
      onSuccess: (application) => browserLocation.assign(applicationHref(application.uuid)),
    });

  return (
    <Container size="lg" py="xl" className={readable.readable}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>Your applications</Title>
          {applications.data && applications.data.length > 0 ? (
            <Button onClick={start} loading={create.isPending}>
              {START_APPLICATION_LABEL}
            </Button>
          ) : null}
        </Group>
        {create.isError ? (
          <Alert color="red" variant="light" role="alert" title="We could not start a new application">
            {errorText(create.error)}
          </Alert>
        ) : null}
        <QueryGate
          query={applications}
          label="Loading your applications"
          errorTitle="We could not load your applications"
          retry={false}
          loading={
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text>Loading your applications</Text>
            </Group>
          }
        >
          {(list) =>
            list.length === 0 ? (
              <Paper withBorder p="xl" radius="md">
                <Stack gap="md" align="flex-start">
                  <Title order={2} size="h3">
                    You have no applications yet
                  </Title>
                  <Text>Apply for a home equity line of credit in a few minutes.</Text>
                  <Button onClick={start} loading={create.isPending}>
                    {START_APPLICATION_LABEL}
                  </Button>
                </Stack>
              </Paper>
            ) : (
              <ul className={classes.list} aria-label="Applications">
                {list.map((application) => (
                  <li key={application.uuid}>
                    <ApplicationCard application={application} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryGate>
      </Stack>
    </Container>
  );
}

function ApplicationCard({ application }: { application: THelocApplicationView }) {
  const address = application.property
    ? formatAddress(application.property.address)
    : 'Property not chosen yet';
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {address}
        </Title>
        <dl className={classes.facts}>
          <div>
            <dt>Application ID</dt>
            <dd>{application.loanNumber}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDisplayDate(application.auditFields.createdDate)}</dd>
          </div>
          <div>
            <dt>Current step</dt>
            <dd>{applicationStepLabel(application.step)}</dd>
          </div>
        </dl>
        <Button component="a" href={applicationHref(application.uuid)} w="fit-content">
          {/* A funded, declined or cancelled application has nothing left to continue: it can be read. */}
          {isFinalApplicationStep(application.step) ? 'View' : 'Continue'}{' '}
          <VisuallyHidden>application {application.loanNumber}</VisuallyHidden>
        </Button>
      </Stack>
    </Paper>
  );
}
