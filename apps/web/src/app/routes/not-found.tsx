/** Lazy route module: the catch-all of both routers. */
import { NotFound } from '@/components/errors/not-found';

export function Component() {
  return <NotFound />;
}
