/**
 * The lender console: staff sign in (or accept an invitation, or set up two-factor first), then the
 * console of the sections their roles allow (console-shell.tsx): applications, the chat desk
 * (desk/), staff administration. Every read is a TanStack Query (its options beside the screen's
 * calls: queries.ts, settings/queries.ts, …) through the console's one client (api.ts).
 */
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TStaffSelf } from '@heloc/domain';
import { DeskError, clearToken, desk, storedToken } from './api';
import { Console } from './console-shell';
import { SIGNED_OUT, sessionQuery } from './queries';
import { SignIn } from './sign-in';
import { AcceptInvitation, TwoFactorSetup } from './staff';

/**
 * Console data is the server's: re-read when a screen opens again, never retried on a 4xx. A call that
 * got no answer (status 0: network failure, timeout) is retried like a 5xx.
 */
function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) =>
          !(error instanceof DeskError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}

/** One cache per signed-in member: nothing of one member's reads outlives their sign-out. */
function SignedIn({ me, onSignOut }: { me: TStaffSelf; onSignOut: () => void }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Console me={me} onSignOut={onSignOut} />
    </QueryClientProvider>
  );
}

/**
 * The app's own cache, around the signed-in member's: the session (who is signed in) and the reads of
 * the screens before the console (an invitation, the two-factor key).
 */
export function App() {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Session />
    </QueryClientProvider>
  );
}

function Session() {
  const queryClient = useQueryClient();
  const [invite] = useState(() => new URLSearchParams(window.location.search).get('invite'));
  // A stored sign-in (this tab) resumes the console; an expired one shows the sign-in form.
  const [resume] = useState(() => storedToken() !== null);
  const session = useQuery({ ...sessionQuery, enabled: resume });
  const { me, setupNeeded } = session.data ?? SIGNED_OUT;

  // After a sign-in or turning two-factor on: read again, and a failure rejects for the form to show.
  const loadSession = async () => {
    await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  };

  const signOut = () => {
    void desk.signOut().finally(() => {
      clearToken();
      queryClient.setQueryData(sessionQuery.queryKey, SIGNED_OUT);
    });
  };

  if (invite && !me) return <AcceptInvitation token={invite} />;
  if (resume && session.isLoading) return null;
  if (setupNeeded) return <TwoFactorSetup onDone={loadSession} onSignOut={signOut} />;
  if (!me) return <SignIn onSignedIn={loadSession} />;
  return <SignedIn key={me.identityUuid} me={me} onSignOut={signOut} />;
}
