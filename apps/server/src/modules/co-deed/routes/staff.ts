/** Staff raise a condition for an additional signer. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZSignerCondition, ZUuid } from '@heloc/domain';
import type { CoDeedCondition } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { findSignerWithOrg } from '../repository';
import { STAFF_TAG, authorizeStaff, staffRoute } from '../../staff/policy';
import { conditionsOf, errors, tags, coDeedContext } from './shared';

export const signerConditionStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.clock;
  const { updateSigner } = coDeedContext(app);

  app.post(
    '/service-ops/api/v1/co-deed/signers/:signerUuid/conditions',
    {
      ...staffRoute(app, 'CONDITIONS_RAISE'),
      schema: {
        tags: [STAFF_TAG, ...tags],
        summary: 'Raise a condition for an additional signer (staff of the signer’s organisation)',
        params: z.object({ signerUuid: ZUuid }),
        body: API_WRITES['POST /service-ops/api/v1/co-deed/signers/:signerUuid/conditions'],
        response: { 200: z.array(ZSignerCondition), ...errors },
      },
    },
    async (request) => {
      const found = await findSignerWithOrg(app.db, request.params.signerUuid.toLowerCase());
      await authorizeStaff(request, 'CONDITIONS_RAISE', found?.orgCode, 'Signer not found');
      if (!found) throw new AppError('NOT_FOUND', 'Signer not found');
      const condition: CoDeedCondition = {
        uuid: randomUUID(),
        type: request.body.type,
        description: request.body.description,
        createdAt: clock.now().toISOString(),
        clearedAt: null,
        documentUuid: null,
      };
      const updated = await updateSigner(app.db, found.signer.uuid, {
        conditions: [...found.signer.conditions, condition],
      });
      return conditionsOf(updated);
    },
  );
};
