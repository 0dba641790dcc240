import type { RideMessage, SendRideMessageInput } from '@carpool/shared/schemas/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function sendRideMessage(input: SendRideMessageInput): Promise<RideMessage> {
  return api.post('/api/messages/send', input, { schema: () => import('@carpool/shared/schemas/messages').then((module) => module.RideMessageDto) });
}

export function useSendRideMessage({ onSuccess }: { onSuccess: (message: RideMessage) => void }) {
  // Spec section 8: a failed ride message is only logged; the composer keeps the text.
  return useMutation({ mutationFn: sendRideMessage, onSuccess, meta: { failureLog: 'Failed to send ride message' } });
}
