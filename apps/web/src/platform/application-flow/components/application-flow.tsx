/**
 * The status-driven navigation of one application (spec 1 §4 "Routing from the authoritative server
 * status"), provided by the application frame to its step screens:
 *
 * - `advance()`, which a screen calls after a successful write: takes the status the write answered
 *   (lib/write-status.ts; else it reads it), polls it by the domain policy while it is a waiting one
 *   (the processing modal rotates its messages meanwhile), reads the application and profile again,
 *   and goes to the destination the domain resolves; giving up lands on the timeout page (UNKNOWN).
 * - The guard: the frame's index, and every step route whose `handle` names its step, show the screen
 *   the status resolves to; a waiting status found on arrival (a reload mid-wait) is polled the same way.
 * - A missing application or profile during routing goes to the dashboard.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { isWaitingStatus, nextPoll } from '@heloc/domain';
import type { TStepPath } from '@heloc/domain';
import { ProcessingModal } from '@/components/ui/processing-modal';
import { paths } from '@/config/paths';
import { applicationQueryOptions, isMissingApplication } from '@/platform/application-frame';
import { ApiError } from '@/lib/api-client';
import { profileQueryOptions, useProfile } from '@/lib/auth';
import { browserLocation } from '@/lib/browser-location';
import { takeWriteStatus } from '@/lib/write-status';
import { statusQueryKey, statusQueryOptions } from '../api/get-status';
import { destinationOf, destinationPath, guardMoveOf, stepOfPathname } from '../destination';
import { abortableSleep, pollStatus } from '../poll-status';
import { isStepHandle } from '../step-handle';

export interface ApplicationFlow {
  applicationUuid: string;
  /**
   * After a successful write: poll while waiting, then show the screen the new status resolves to.
   * Rejects only when the application or profile cannot be read afterwards (the write itself is done;
   * the screen shows the error and a repeat is answered idempotently).
   */
  advance: () => Promise<void>;
  /**
   * After a write whose next screen is one the new status allows but does not resolve to (a
   * confirmation page, a session page): reads the status and application again and opens `step`
   * (relative to /{uuid}/), holding the guard meanwhile so it judges the new screen by the new status.
   */
  goTo: (step: TStepPath) => Promise<void>;
  /** True while advance() or goTo() runs (screens keep their submit button busy). */
  busy: boolean;
  /**
   * While goTo() opens a screen: the location (its key) it is leaving, until the guard sees another one
   * rendered. The router's location updates in a transition, so the guard may run once more with the
   * old screen after goTo() returned; and the screen that renders may not be the one asked for (the
   * step's loader sends a step the new status does not allow to the one it resolves to).
   */
  arrivingFrom: string | null;
  arrived: () => void;
  /**
   * Keeps the screen on view as it is until the borrower leaves it: a screen that shows the outcome of
   * its own last write (the cancelled line) must not be replaced when the guard's next status answer
   * routes elsewhere (a CANCELLED application goes to the dashboard).
   */
  holdScreen: () => void;
  /** True while the screen on view is held (the guard neither polls nor moves it). */
  held: boolean;
}

const ApplicationFlowContext = createContext<ApplicationFlow | null>(null);

export function useApplicationFlow(): ApplicationFlow {
  const flow = use(ApplicationFlowContext);
  if (!flow) throw new Error('useApplicationFlow needs an ApplicationFlowProvider (the application frame)');
  return flow;
}

const isGone = (error: unknown) =>
  isMissingApplication(error) || (error instanceof ApiError && error.status === 401);

function leaveForDashboard() {
  // The dashboard is a host page: a document load (spec 1 §4: missing profile or application).
  browserLocation.replace(paths.host.dashboard.getHref());
}

/**
 * After a write, the status must be read anew: a read still in flight (the guard's poll, or its read on
 * mounting a screen) was asked before the write and may answer the old status, and fetchQuery would
 * share it instead of asking again. Cancelling it keeps the cache at its last answer.
 */
async function dropStatusReadsInFlight(queryClient: QueryClient, applicationUuid: string) {
  await queryClient.cancelQueries({ queryKey: statusQueryKey(applicationUuid) });
}

export function ApplicationFlowProvider({
  applicationUuid,
  children,
}: {
  applicationUuid: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const advance = useCallback(async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setBusy(true);
    try {
      await dropStatusReadsInFlight(queryClient, applicationUuid);
      // The write's own answer stands for the first read; a waiting one is asked again after the delay.
      let written = takeWriteStatus(applicationUuid);
      const outcome = await pollStatus({
        fetchStatus: async () => {
          const answer = written;
          written = null;
          if (!answer)
            return queryClient.fetchQuery({ ...statusQueryOptions(applicationUuid), staleTime: 0 });
          queryClient.setQueryData(statusQueryKey(applicationUuid), answer);
          return answer;
        },
        sleep: (ms) => abortableSleep(ms, controller.signal),
        onAnswer: (answer) => setWaiting(answer.waiting),
        isFatal: isGone,
        signal: controller.signal,
      });
      const [application, profile] = await Promise.all([
        queryClient.fetchQuery({ ...applicationQueryOptions(applicationUuid), staleTime: 0 }),
        queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }),
      ]);
      controller.signal.throwIfAborted();
      const status = outcome.last?.applicationStatus ?? null;
      if (outcome.gaveUp && status) {
        // The guard must see the give-up answer, not the waiting status it gave up on.
        queryClient.setQueryData(statusQueryKey(applicationUuid), {
          status: outcome.statusName as never,
          applicationStatus: status,
        });
      }
      const destination = destinationOf({
        applicationUuid,
        application,
        profile,
        statusName: outcome.statusName,
        status,
      });
      await navigate(destinationPath(applicationUuid, destination));
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isGone(error)) leaveForDashboard();
      else throw error;
    } finally {
      if (controllerRef.current === controller) {
        setBusy(false);
        setWaiting(false);
      }
    }
  }, [applicationUuid, navigate, queryClient]);

  const [arrivingFrom, setArrivingFrom] = useState<string | null>(null);
  const arrived = useCallback(() => setArrivingFrom(null), []);
  const goTo = useCallback(
    async (step: TStepPath) => {
      setBusy(true);
      setArrivingFrom(location.key);
      try {
        await dropStatusReadsInFlight(queryClient, applicationUuid);
        const written = takeWriteStatus(applicationUuid);
        if (written) queryClient.setQueryData(statusQueryKey(applicationUuid), written);
        await Promise.all([
          written ?? queryClient.fetchQuery({ ...statusQueryOptions(applicationUuid), staleTime: 0 }),
          queryClient.fetchQuery({ ...applicationQueryOptions(applicationUuid), staleTime: 0 }),
        ]);
        await navigate(destinationPath(applicationUuid, step));
      } catch (error) {
        setArrivingFrom(null);
        if (isGone(error)) leaveForDashboard();
        else throw error;
      } finally {
        setBusy(false);
      }
    },
    [applicationUuid, navigate, queryClient, location.key],
  );

  // Held per location: leaving the screen (a link, Back, a reload) ends the hold.
  const [heldKey, setHeldKey] = useState<string | null>(null);
  const holdScreen = useCallback(() => setHeldKey(location.key), [location.key]);
  const held = heldKey === location.key;

  const value = useMemo(
    () => ({ applicationUuid, advance, goTo, busy, arrivingFrom, arrived, holdScreen, held }),
    [applicationUuid, advance, goTo, busy, arrivingFrom, arrived, holdScreen, held],
  );
  return (
    <ApplicationFlowContext value={value}>
      <StatusGuard />
      {children}
      <ProcessingModal opened={waiting} />
    </ApplicationFlowContext>
  );
}

/**
 * Keeps a status-routed screen in step with the server: on arrival (and whenever the status answer
 * changes) a step route whose handle names another destination is replaced by the right one.
 */
function StatusGuard() {
  const { applicationUuid, advance, busy, arrivingFrom, arrived, held } = useApplicationFlow();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const leaf = matches[matches.length - 1];
  const handle = isStepHandle(leaf?.handle) ? leaf.handle : null;
  // Spec 1 §4, §9: a settled status is asked again by the domain policy (nextPoll: 1 s doubling to
  // 5 s, 7 answers in all from the screen's arrival), so a screen follows a server that moves on by
  // itself; waiting statuses are advance()'s. Attempts count the answers since this screen opened.
  const queryClient = useQueryClient();
  // The answer on screen when it opened is its first (attempt 0).
  const countAnswers = () =>
    Math.max((queryClient.getQueryState(statusQueryKey(applicationUuid))?.dataUpdateCount ?? 0) - 1, 0);
  const [answersBefore, setAnswersBefore] = useState(() => ({ key: location.key, count: countAnswers() }));
  if (answersBefore.key !== location.key) setAnswersBefore({ key: location.key, count: countAnswers() });
  // Every screen of the frame reads the status: step screens follow it, and any screen of a final
  // application (complete or cancelled: destination '/', routing table) leaves for the app index.
  const status = useQuery({
    ...statusQueryOptions(applicationUuid),
    refetchInterval: (query) => {
      const statusName = query.state.data?.status ?? null;
      if (!handle || busy || held || statusName === null || isWaitingStatus(statusName)) return false;
      const attempt = query.state.dataUpdateCount - answersBefore.count - 1;
      if (attempt < 0) return false;
      const decision = nextPoll({ attempt, statusName });
      return decision.stop ? false : decision.delayMs;
    },
  });
  const application = useQuery({ ...applicationQueryOptions(applicationUuid) });
  const profile = useProfile();
  const advanceStarted = useRef<string | null>(null);
  // A failure of a poll the guard started has no form to show it: the page's error boundary does.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;

  // No status at all (not a missing application, which goes to the dashboard): the error fallback.
  if (status.isError && status.data === undefined && !isGone(status.error)) throw status.error;
  const statusName = status.data?.status ?? null;
  const step = stepOfPathname(applicationUuid, location.pathname);

  useEffect(() => {
    if (status.isError && isGone(status.error)) leaveForDashboard();
  }, [status.isError, status.error]);

  useEffect(() => {
    if (arrivingFrom !== null) {
      // goTo() is opening a screen: judge only the one it lands on, once that is rendered.
      if (location.key !== arrivingFrom) arrived();
      return;
    }
    if (busy || held || !statusName || !application.data || profile === undefined) return;
    if (!handle) {
      // Screens that are not status-routed (disclosures, support, error pages) stay open while the
      // application is live; a final one has nothing left to show there.
      if (!isWaitingStatus(statusName) && profile !== null) {
        const destination = destinationOf({
          applicationUuid,
          application: application.data,
          profile,
          statusName,
          status: status.data?.applicationStatus ?? null,
        });
        if (destination === '/')
          void navigate(destinationPath(applicationUuid, destination), { replace: true });
      }
      return;
    }
    if (profile === null) return leaveForDashboard();
    if (isWaitingStatus(statusName)) {
      // Once per page and status: advance() itself moves on (or lands on the timeout page).
      const key = `${location.key}:${statusName}`;
      if (advanceStarted.current === key) return;
      advanceStarted.current = key;
      advance().catch((error: unknown) => setFailure({ error }));
      return;
    }
    const move = guardMoveOf(handle, step, {
      applicationUuid,
      application: application.data,
      profile,
      statusName,
      status: status.data?.applicationStatus ?? null,
    });
    if (move !== null) void navigate(destinationPath(applicationUuid, move), { replace: true });
  }, [
    handle,
    busy,
    held,
    statusName,
    status.data,
    application.data,
    profile,
    applicationUuid,
    step,
    location.key,
    advance,
    navigate,
    arrivingFrom,
    arrived,
  ]);

  return null;
}
