import type { FeedbackInput } from '@carpool/shared/schemas/feedback';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Stored by the server (DESIGN.md section 6), not simulated as the spec's original did. */
function sendFeedback(input: z.input<typeof FeedbackInput>) {
  return api.post('/api/feedback', input, { schema: () => import('@carpool/shared/schemas/feedback').then((module) => module.FeedbackDto) });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback, meta: { failureLog: 'Sending feedback failed' } });
}
