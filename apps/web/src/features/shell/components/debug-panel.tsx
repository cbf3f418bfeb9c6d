import { useLocation } from 'react-router';
import { HELOC_UUID_STORAGE_KEY, uuidFromPath } from '@heloc/domain';
import { appHref } from '@/config/paths';
import { useRouterScope } from '@/lib/router-scope';
import classes from './debug-view.module.css';

export interface DebugViewProps {
  orgCode: string;
  identityUuid: string | null;
}

function storedApplicationUuid(): string | null {
  try {
    return localStorage.getItem(HELOC_UUID_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The debug panel: what support asks for first when a borrower reports a problem. It shows
 * identifiers only, never personal data. A lazy chunk, loaded by the first Shift+Alt+X (debug-toggle.tsx).
 */
export default function DebugPanel({
  orgCode,
  identityUuid,
  onClose,
}: DebugViewProps & { onClose: () => void }) {
  const { pathname, search } = useLocation();
  const scope = useRouterScope();

  const route = `${scope === 'app' ? appHref(pathname) : pathname}${search}`;
  const rows: [string, string][] = [
    ['Organisation', orgCode],
    ['Identity', identityUuid ?? 'signed out'],
    ['Application', uuidFromPath(route) ?? storedApplicationUuid() ?? 'none'],
    ['Route', route],
    ['Router', scope],
    ['Build', import.meta.env.MODE],
  ];

  return (
    <section className={classes.panel} aria-labelledby="debug-view-title">
      <div className={classes.head}>
        <h2 id="debug-view-title" className={classes.title}>
          Debug view
        </h2>
        <button type="button" className={classes.close} onClick={onClose}>
          Close
        </button>
      </div>
      <dl className={classes.list}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={classes.hint}>Shift+Alt+X hides this view.</p>
    </section>
  );
}
