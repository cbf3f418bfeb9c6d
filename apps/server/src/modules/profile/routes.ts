/** The borrower's profile (spec 2 §7 `GET /service-profile/api/v1/profile`) and its edits. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZApiErrorBody, ZProfile, type TProfile, type UsStateCode } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { findIdentity } from '../identity/repository';
import {
  findProfile,
  listAddresses,
  listPhoneNumbers,
  setPrimaryPhoneNumber,
  updateProfileName,
} from './repository';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 404: ZApiErrorBody };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadProfile = async (identityUuid: string): Promise<TProfile> => {
    const [identity, profile, phones, addresses] = await Promise.all([
      findIdentity(app.db, identityUuid),
      findProfile(app.db, identityUuid),
      listPhoneNumbers(app.db, identityUuid),
      listAddresses(app.db, identityUuid),
    ]);
    if (!identity) throw new AppError('NOT_FOUND', 'Failed to fetch profile details.');
    const fullName = profile
      ? [profile.firstName, profile.middleName, profile.lastName, profile.suffix].filter(Boolean).join(' ')
      : identity.email;
    return {
      uuid: identity.uuid,
      name: profile
        ? {
            uuid: profile.nameUuid,
            firstName: profile.firstName,
            middleName: profile.middleName,
            lastName: profile.lastName,
            suffix: profile.suffix,
          }
        : null,
      dob: profile?.dob ?? null,
      email: identity.email,
      phoneNumbers: phones.map((phone) => ({
        uuid: phone.uuid,
        number: phone.number,
        primary: phone.primary,
      })),
      addresses: addresses.map((address) => ({
        uuid: address.uuid,
        street1: address.street1,
        street2: address.street2,
        city: address.city,
        state: address.state as UsStateCode,
        zip: address.zip,
        ownership: (address.ownership as TProfile['addresses'][number]['ownership']) ?? null,
      })),
      hasSsn: profile?.hasSsn ?? false,
      type: identity.profileType as TProfile['type'],
      account: identity.walletAccountAddress
        ? { name: fullName, address: identity.walletAccountAddress }
        : null,
      authorizedWallet: identity.walletAccountAddress ? { authorizationType: 'OWNER' } : null,
    };
  };

  app.get(
    '/service-profile/api/v1/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in borrower’s profile (a 401 tells the web to remove its token)',
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => loadProfile(authOf(request).identityUuid),
  );

  app.patch(
    '/service-profile/api/v1/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Change the name or the primary phone number (settings)',
        body: API_WRITES['PATCH /service-profile/api/v1/profile'],
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const { name, phoneNumber } = request.body;
      await app.db.transaction(async (tx) => {
        if (name) {
          if (!(await findProfile(tx, identityUuid)))
            throw new AppError('NOT_FOUND', 'Failed to fetch profile details.');
          await updateProfileName(tx, identityUuid, {
            firstName: name.firstName,
            middleName: name.middleName || null,
            lastName: name.lastName,
            suffix: name.suffix || null,
          });
        }
        if (phoneNumber) await setPrimaryPhoneNumber(tx, identityUuid, phoneNumber);
      });
      return loadProfile(identityUuid);
    },
  );
};
