/**
 * GET /service-operating-hours/external/api/v1/hours/OPS_PHONE?display=true (spec 2 §7): the customer
 * service phone hours for the footer's hours line and the contact page. External call: no token; the
 * API client adds the organisation header that picks the organisation's hours.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZOperatingHoursEntry } from '@heloc/domain';
import type { TOperatingHoursDepartment } from '@heloc/domain';
import { api } from '@/lib/api-client';

export const operatingHoursPath = (department: TOperatingHoursDepartment) =>
  `/service-operating-hours/external/api/v1/hours/${department}`;

/** Hours change rarely; an hour keeps page-to-page navigation free of repeat calls. */
const HOURS_STALE_MS = 60 * 60_000;

export function operatingHoursQueryOptions(department: TOperatingHoursDepartment = 'OPS_PHONE') {
  return queryOptions({
    queryKey: ['operating-hours', department],
    queryFn: ({ signal }) =>
      api.get(operatingHoursPath(department), {
        query: { display: true },
        schema: z.array(ZOperatingHoursEntry),
        signal,
      }),
    staleTime: HOURS_STALE_MS,
  });
}

/** The phone hours, or undefined while loading or when the call failed (the footer then has no line). */
export function usePhoneHours() {
  return useQuery(operatingHoursQueryOptions('OPS_PHONE')).data;
}
