/**
 * Every instance re-reads its organisation directory when organisation data changes anywhere: a
 * trigger on the organisations table (migration 0015) sends `heloc_org_changes` on commit, whoever
 * wrote (another instance's start-up sync, an operator's edit). Notices arriving together cause one
 * reload. PostgreSQL does not keep notices for a listener that was disconnected, so the directory
 * also re-reads every `fallbackReloadMs` as a safety net.
 */
import type { DatabaseHandle } from '../../db';
import type { OrganisationDirectory } from './directory';

export const ORG_CHANGES_CHANNEL = 'heloc_org_changes';

export async function listenForOrganisationChanges(options: {
  database: Pick<DatabaseHandle, 'listen'>;
  orgs: OrganisationDirectory;
  onError: (error: Error) => void;
  /** Notices within this window cause one reload. */
  debounceMs?: number;
  /** Safety net for notices lost while disconnected (default 5 minutes; 0 = off). */
  fallbackReloadMs?: number;
}): Promise<{ close(): Promise<void> }> {
  const { orgs, onError, debounceMs = 100, fallbackReloadMs = 300_000 } = options;
  let pending: NodeJS.Timeout | null = null;
  let closed = false;
  const reload = () => {
    pending = null;
    if (!closed) orgs.reload().catch(onError);
  };
  const unlisten = await options.database.listen(ORG_CHANGES_CHANNEL, () => {
    if (!pending && !closed) pending = setTimeout(reload, debounceMs);
  });
  const fallback = fallbackReloadMs > 0 ? setInterval(reload, fallbackReloadMs) : null;
  fallback?.unref();
  return {
    async close() {
      closed = true;
      if (pending) clearTimeout(pending);
      if (fallback) clearInterval(fallback);
      await unlisten();
    },
  };
}
