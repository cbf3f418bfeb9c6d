/** The organisation settings calls of the console (`/service-ops/api/v1/organisations/{orgCode}/settings`). */
import { z } from 'zod';
import { ZOrgSettingsOverview, ZSettingsVersion, type TOrgSettings } from '@heloc/domain';
import { call } from '../api';

const base = (orgCode: string) => `/service-ops/api/v1/organisations/${encodeURIComponent(orgCode)}/settings`;

export const settingsApi = {
  /** Every organisation's code (the public licensed-states call), for platform staff's choice. */
  orgCodes: () =>
    call(
      'GET',
      '/service-application/external/api/v1/heloc/state-licenses',
      z.record(z.string(), z.array(z.string())),
    ).then((answer) => Object.keys(answer).sort()),
  overview: (orgCode: string) => call('GET', base(orgCode), ZOrgSettingsOverview),
  version: (orgCode: string, version: number) =>
    call('GET', `${base(orgCode)}/versions/${version}`, ZSettingsVersion),
  saveDraft: (orgCode: string, settings: TOrgSettings, note: string) =>
    call('POST', `${base(orgCode)}/versions`, ZSettingsVersion, { body: { settings, note } }),
  publish: (orgCode: string, version: number, note: string) =>
    call('POST', `${base(orgCode)}/versions/${version}/publish`, ZSettingsVersion, { body: { note } }),
  rollBack: (orgCode: string, version: number, note: string) =>
    call('POST', `${base(orgCode)}/versions/${version}/rollback`, ZSettingsVersion, { body: { note } }),
  uploadLogo: (orgCode: string, fileName: string, contentBase64: string) =>
    call('POST', `${base(orgCode)}/logo`, z.object({ logoSvg: z.string(), kind: z.string() }), {
      body: { fileName, contentBase64 },
    }),
};
