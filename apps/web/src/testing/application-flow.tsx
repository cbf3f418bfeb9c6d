/**
 * The flow screens' tests: the application frame (the flow's provider for the `:applicationUuid` in the
 * URL) and the server a signed-in borrower's application answers from.
 */
import { Outlet, useParams } from 'react-router';
import type { RouteObject } from 'react-router';
import type { TProfile } from '@heloc/domain';
import { ApplicationFlowProvider } from '@/platform/application-flow';
import {
  APPLICATION_PATH,
  applicationFixture,
  mockApi,
  profileFixture,
  STATUS_ROUTE,
  statusAnswer,
} from './mock-api';

function FlowFrame() {
  const { applicationUuid = '' } = useParams();
  return (
    <ApplicationFlowProvider applicationUuid={applicationUuid}>
      <Outlet />
    </ApplicationFlowProvider>
  );
}

/** `screens` (paths below the application) inside the flow's frame, as the app nests them. */
export function flowRoute(screens: RouteObject[]): RouteObject {
  return { path: ':applicationUuid', element: <FlowFrame />, children: screens };
}

/**
 * A signed-in borrower (token stored) whose profile, application and status the server answers, the
 * application and its status at `step`. Tests add the calls their screen makes.
 */
export function mockFlowApi(step: string, profile: Partial<TProfile> = {}) {
  localStorage.setItem('jwt', 'test.jwt.token');
  return mockApi()
    .on('GET /service-profile/api/v1/profile', { body: profileFixture(profile) })
    .on(`GET ${APPLICATION_PATH}`, { body: applicationFixture({ step }) })
    .on(STATUS_ROUTE, statusAnswer(step));
}
