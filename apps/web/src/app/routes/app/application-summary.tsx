/** Lazy route module: the frame's index, the application summary (until the step screens arrive). */
import { useParams } from 'react-router';
import { ApplicationSummary, currentProgress, useApplication } from '@/features/application-frame';

export function Component() {
  const { applicationUuid = '' } = useParams();
  // The frame has loaded this application already; this reads the same cache entry.
  const { data } = useApplication(applicationUuid);
  if (!data) return null;
  return <ApplicationSummary application={data} current={currentProgress(data)} />;
}
