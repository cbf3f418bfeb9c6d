/**
 * The `handle` of a status-routed step route. The frame's guard shows such a screen only while the
 * server status resolves to it; otherwise it moves the borrower to the screen the status resolves to.
 *
 * - `step`: the route's own path under /{uuid}/ ('' for the frame's index, which always moves on).
 * - `alsoWhen`: other destinations under which this screen may stay open (e.g. the profile screen
 *   while the datatree screen is the destination: the borrower corrects the property there).
 *
 * Routes without such a handle (disclosures, error pages, …) are never moved by the guard.
 */
import type { TDestination, TStepRoute } from '@heloc/domain';

export interface StepHandle {
  /** A registered step route (domain step-paths.ts), or '' for the frame's index. */
  step: TStepRoute | '';
  alsoWhen?: readonly TDestination[];
}

export function isStepHandle(handle: unknown): handle is StepHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as { step?: unknown }).step === 'string'
  );
}

/** The handle of a step route: `stepRoute('liens')`. */
export function stepHandle(step: TStepRoute | '', alsoWhen?: readonly TDestination[]): StepHandle {
  return alsoWhen ? { step, alsoWhen } : { step };
}
