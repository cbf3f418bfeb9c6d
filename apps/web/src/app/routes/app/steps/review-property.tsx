/** Lazy route module: review-app/property (several properties to choose from, or none found). */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { statusQueryOptions } from '@/features/application-flow';
import { PropertyReview } from '@/features/pre-offer';

export function Component() {
  const { applicationUuid = '' } = useParams();
  const status = useQuery(statusQueryOptions(applicationUuid));
  if (!status.data) return null;
  return <PropertyReview statusName={status.data.status} />;
}
