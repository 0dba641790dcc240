import type { DirectMessage, SendDirectMessageInput } from '@carpool/shared/schemas/messages';
import { TEXTS } from '@carpool/shared/texts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

function sendDirectMessage(input: SendDirectMessageInput): Promise<DirectMessage> {
  return api.post('/api/conversation-messages/send', input, { schema: () => import('@carpool/shared/schemas/messages').then((module) => module.DirectMessageDto) });
}

export function useSendDirectMessage({ onSuccess }: { onSuccess: (message: DirectMessage) => void }) {
  return useMutation({
    mutationFn: sendDirectMessage,
    onSuccess,
    // A block refuses the message: the conversation says so, nothing went wrong.
    meta: { failureLog: TEXTS.sendMessageFailed, isExpectedFailure: (error) => isApiError(error) && error.code === 'USER_BLOCKED' },
  });
}
