/** Lazy route module: start/profile (the frame has loaded the application and the profile already). */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { statusQueryOptions } from '@/platform/application-flow';
import { isMissingApplication, useApplication } from '@/platform/application-frame';
import { ProfileStep } from '@/features/pre-offer';
import { useProfile } from '@/lib/auth';

export function Component() {
  const { applicationUuid = '' } = useParams();
  const { data: application } = useApplication(applicationUuid);
  const profile = useProfile();
  // A failure other than "missing" (the guard sends that to the dashboard) shows the error fallback.
  const status = useQuery({
    ...statusQueryOptions(applicationUuid),
    throwOnError: (error) => !isMissingApplication(error),
  });
  if (!application || !profile || !status.data) return null;
  return (
    <ProfileStep
      application={application}
      profile={profile}
      datatreeNoMatch={status.data.applicationStatus.datatreeNoMatch}
    />
  );
}
