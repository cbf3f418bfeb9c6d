import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { TCeoFeedback } from '@heloc/domain';
import { apiWrite } from '@/lib/api-writes';

export const CEO_FEEDBACK_PATH = '/service-profile/api/v1/feedback/ceo';

const ZSent = z.object({ uuid: z.string(), createdAt: z.string() });

/** POST /service-profile/api/v1/feedback/ceo (spec 2 §7). */
export function useSendCeoFeedback() {
  return useMutation({
    mutationFn: (feedback: TCeoFeedback) =>
      apiWrite('POST /service-profile/api/v1/feedback/ceo', feedback, { schema: ZSent }),
  });
}
