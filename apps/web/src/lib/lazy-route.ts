/**
 * Spec 2 §8 "Dynamic page load failure": when a lazy route module fails to load (typically a deploy
 * replaced the chunks), reload the page, up to 5 times per tab (counter in session storage); after that
 * the error reaches the route's error boundary, which shows the error fallback.
 */
import { PAGE_RELOAD_COUNT_STORAGE_KEY, PAGE_RELOAD_RETRY_LIMIT } from '@heloc/domain';

export const RELOAD_COUNT_KEY = PAGE_RELOAD_COUNT_STORAGE_KEY;
export const RELOAD_LIMIT = PAGE_RELOAD_RETRY_LIMIT;

interface LazyRouteDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
}

const browserDeps = (): LazyRouteDeps => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
});

export function lazyRoute<T>(
  load: () => Promise<T>,
  deps: () => LazyRouteDeps = browserDeps,
): () => Promise<T> {
  return async () => {
    const { storage, reload } = deps();
    try {
      const loaded = await load();
      storage.removeItem(RELOAD_COUNT_KEY);
      return loaded;
    } catch (error) {
      const count = Number(storage.getItem(RELOAD_COUNT_KEY)) || 0;
      if (count >= RELOAD_LIMIT) throw error;
      storage.setItem(RELOAD_COUNT_KEY, String(count + 1));
      reload();
      // Never settles: the page is going away.
      return new Promise<T>(() => {});
    }
  };
}
