/** Lazy route module: review-app/property (several properties to choose from, or none found). */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { statusQueryOptions } from '@/platform/application-flow';
import { isMissingApplication } from '@/platform/application-frame';
import { PropertyReview } from '@/features/pre-offer';

export function Component() {
  const { applicationUuid = '' } = useParams();
  // A failure other than "missing" (the guard sends that to the dashboard) shows the error fallback.
  const status = useQuery({
    ...statusQueryOptions(applicationUuid),
    throwOnError: (error) => !isMissingApplication(error),
  });
  if (!status.data) return null;
  return <PropertyReview statusName={status.data.status} />;
}
