/** The application frame of the flow screens' tests: the flow's provider for the `:applicationUuid` in the URL. */
import { Outlet, useParams } from 'react-router';
import type { RouteObject } from 'react-router';
import { ApplicationFlowProvider } from '@/features/application-flow';

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
