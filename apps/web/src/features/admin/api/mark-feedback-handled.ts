import type { AdminFeedback } from '@carpool/shared/schemas/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-api';

/** POST /api/admin/feedback/{id}/handled: 409 when another administrator was first. */
function markFeedbackHandled(id: string): Promise<AdminFeedback> {
  return api.post(`/api/admin/feedback/${encodeURIComponent(id)}/handled`, undefined, {
    schema: () => import('@carpool/shared/schemas/feedback').then((module) => module.AdminFeedbackDto),
  });
}

/** The inbox and the audit log change: every console list is read again, as after the other admin actions. */
export function useMarkFeedbackHandled() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markFeedbackHandled, onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
