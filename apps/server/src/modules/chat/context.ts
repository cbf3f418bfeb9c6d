/** Things every chat route needs: the organisation of a call, the chat gate, the knowledge context. */
import {
  FEATURE_FLAGS,
  NO_PRIVATE_LABEL_DATA,
  ORG_CODE_HEADER,
  isMainLender,
  type TOrgData,
} from '@heloc/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { featureDecision } from '../feature-flags/service';
import { openStatus, weekHours } from '../operating-hours/service';
import type { KnowledgeContext } from './chatbot/knowledge';

/** The body's organisation, else the organisation header, else the host's or the default one. */
export function chatOrganisation(
  app: FastifyInstance,
  request: FastifyRequest,
  fromBody: string | null | undefined,
  defaultOrgCode: string | null,
): TOrgData {
  const header = request.headers[ORG_CODE_HEADER];
  const org =
    app.orgs.byOrgCode(fromBody) ??
    app.orgs.byOrgCode(typeof header === 'string' ? header : undefined) ??
    app.orgs.byRequestHost(request.hostname) ??
    app.orgs.byOrgCode(defaultOrgCode);
  if (!org) throw new AppError('BAD_REQUEST', NO_PRIVATE_LABEL_DATA);
  return org;
}

/** The chat is gated by fe-webchat (spec 2 §6); a closed gate answers 404 like a missing service. */
export async function assertChatEnabled(app: FastifyInstance, org: TOrgData): Promise<void> {
  const decision = await featureDecision(app.db, FEATURE_FLAGS.webchat, org.orgCode);
  if (!decision.enabled) throw new AppError('NOT_FOUND', 'Chat is not available');
}

export async function chatOpenNow(app: FastifyInstance, org: TOrgData): Promise<boolean> {
  return openStatus(app.db, 'OPS_CHAT', org.orgCode, () => app.clock.now().getTime());
}

export async function knowledgeContext(app: FastifyInstance, org: TOrgData): Promise<KnowledgeContext> {
  const [chatHours, phoneHours] = await Promise.all([
    weekHours(app.db, 'OPS_CHAT', org.orgCode, () => app.clock.now().getTime()),
    weekHours(app.db, 'OPS_PHONE', org.orgCode, () => app.clock.now().getTime()),
  ]);
  return { org, chatHours, phoneHours };
}

export { isMainLender };
