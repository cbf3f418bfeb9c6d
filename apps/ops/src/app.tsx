/**
 * The lender console: staff sign in (or accept an invitation, or set up two-factor first), then the
 * console of the sections their roles allow (console-shell.tsx): applications, the chat desk
 * (desk/), staff administration.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { TStaffSelf } from '@heloc/domain';
import { DeskError, clearToken, desk, errorFlag, storedToken } from './api';
import { Console } from './console-shell';
import { SignIn } from './sign-in';
import { AcceptInvitation, TwoFactorSetup } from './staff';

/** Console data is the server's: re-read when a screen opens again, never retried on a 4xx. */
function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => !(error instanceof DeskError && error.status < 500) && failures < 2,
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

export function App() {
  const [me, setMe] = useState<TStaffSelf | null>(null);
  const [setupNeeded, setSetupNeeded] = useState(false);
  const [checking, setChecking] = useState(() => storedToken() !== null);
  const [invite] = useState(() => new URLSearchParams(window.location.search).get('invite'));

  const loadMe = useCallback(async () => {
    try {
      setMe(await desk.me());
      setSetupNeeded(false);
    } catch (caught) {
      // Outside development staff need two-factor on before anything else answers.
      if (errorFlag(caught, 'twoFactorSetupRequired')) setSetupNeeded(true);
      else throw caught;
    }
  }, []);

  useEffect(() => {
    if (!checking) return;
    // A stored sign-in (this tab) resumes the console; an expired one shows the sign-in form.
    void Promise.resolve()
      .then(loadMe)
      .catch(() => clearToken())
      .finally(() => setChecking(false));
  }, [checking, loadMe]);

  const signOut = () => {
    void desk.signOut().finally(() => {
      clearToken();
      setMe(null);
      setSetupNeeded(false);
    });
  };

  if (invite && !me) return <AcceptInvitation token={invite} />;
  if (checking) return null;
  if (setupNeeded) return <TwoFactorSetup onDone={loadMe} onSignOut={signOut} />;
  if (!me) return <SignIn onSignedIn={loadMe} />;
  return <SignedIn key={me.identityUuid} me={me} onSignOut={signOut} />;
}
