import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { TCeoFeedback } from '@heloc/domain';
import { api } from '@/lib/api-client';

export const CEO_FEEDBACK_PATH = '/service-profile/api/v1/feedback/ceo';

const ZSent = z.object({ uuid: z.string(), createdAt: z.string() });

/** POST /service-profile/api/v1/feedback/ceo (spec 2 §7). */
export function useSendCeoFeedback() {
  return useMutation({
    mutationFn: (feedback: TCeoFeedback) => api.post(CEO_FEEDBACK_PATH, feedback, { schema: ZSent }),
  });
}
