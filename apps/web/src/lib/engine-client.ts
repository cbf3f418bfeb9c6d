/**
 * Typed calls of the engine's borrower writes (…/application/heloc/{uuid}/{action}): the body type is
 * `z.input` of the very schema the server validates with (`ENGINE_WRITES` in the domain), so a body
 * the server would refuse for its shape does not compile. Types only are imported: the schemas stay
 * out of the bundle (the server checks; the forms check with their own form schemas).
 */
import type { z } from 'zod';
import type { TEngineCommand, TEngineWrite, TEngineWriteBody } from '@heloc/domain';
import { api } from './api-client';
import { keepWriteStatus } from './write-status';

export const engineBase = (applicationUuid: string) =>
  `/service-application/api/v1/application/heloc/${encodeURIComponent(applicationUuid)}`;

/** `action`'s path; `conditions/phone-number` names the condition (conditions/{uuid}/phone-number). */
function actionPath(applicationUuid: string, action: string, conditionUuid?: string): string {
  const path =
    conditionUuid === undefined
      ? action
      : action.replace('conditions/', `conditions/${encodeURIComponent(conditionUuid)}/`);
  return `${engineBase(applicationUuid)}/${path}`;
}

/** POST `body` to the engine's `action`; answers the parsed `schema`. */
export function engineWrite<A extends TEngineWrite, S extends z.ZodType>(
  applicationUuid: string,
  action: A,
  body: TEngineWriteBody<A>,
  schema: S,
  options: { conditionUuid?: string } = {},
): Promise<z.output<S>> {
  return kept(
    applicationUuid,
    api.post(actionPath(applicationUuid, action, options.conditionUuid), body, { schema }),
  );
}

/** POST to an engine write that takes no body. */
export function engineCommand<S extends z.ZodType>(
  applicationUuid: string,
  command: TEngineCommand,
  schema: S,
  body?: Record<string, never>,
): Promise<z.output<S>> {
  return kept(applicationUuid, api.post(actionPath(applicationUuid, command), body, { schema }));
}

/** The write's answer, its status answer kept for the screen's advance() or goTo(). */
async function kept<T>(applicationUuid: string, write: Promise<T>): Promise<T> {
  const answer = await write;
  keepWriteStatus(applicationUuid, answer);
  return answer;
}
