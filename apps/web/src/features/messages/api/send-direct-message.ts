import type { DirectMessage, SendDirectMessageInput } from '@carpool/shared/schemas/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function sendDirectMessage(input: SendDirectMessageInput): Promise<DirectMessage> {
  return api.post('/api/conversation-messages/send', input, { schema: () => import('@carpool/shared/schemas/messages').then((module) => module.DirectMessageDto) });
}

export function useSendDirectMessage({ onSuccess }: { onSuccess: (message: DirectMessage) => void }) {
  return useMutation({ mutationFn: sendDirectMessage, onSuccess });
}
