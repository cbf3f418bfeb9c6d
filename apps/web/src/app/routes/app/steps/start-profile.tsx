/** Lazy route module: start/profile (the frame has loaded the application and the profile already). */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { statusQueryOptions } from '@/features/application-flow';
import { useApplication } from '@/features/application-frame';
import { ProfileStep } from '@/features/pre-offer';
import { useProfile } from '@/lib/auth';

export function Component() {
  const { applicationUuid = '' } = useParams();
  const { data: application } = useApplication(applicationUuid);
  const profile = useProfile();
  const status = useQuery(statusQueryOptions(applicationUuid));
  if (!application || !profile || !status.data) return null;
  return (
    <ProfileStep
      application={application}
      profile={profile}
      datatreeNoMatch={status.data.applicationStatus.datatreeNoMatch}
    />
  );
}
