import { z } from 'zod';
import { MESSAGE_MAX_CHARS } from '../constants.js';

/** Trimmed, non-blank, at most MESSAGE_MAX_CHARS: the rule for every chat message. */
export const MessageContentSchema = z
  .string()
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_CHARS, `Message cannot be longer than ${MESSAGE_MAX_CHARS} characters`);

export const MESSAGE_KINDS = ['user', 'system'] as const;

export const MessageAuthorDto = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type MessageAuthor = z.infer<typeof MessageAuthorDto>;

/** A message of a ride chat. System messages (for example a cancelled ride) have no author. */
export const RideMessageDto = z.object({
  id: z.uuid(),
  rideId: z.uuid(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  user: MessageAuthorDto.nullable(),
  content: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  kind: z.enum(MESSAGE_KINDS),
});
export type RideMessage = z.infer<typeof RideMessageDto>;

export const SendRideMessageInput = z.object({
  rideId: z.uuid(),
  content: MessageContentSchema,
});
export type SendRideMessageInput = z.infer<typeof SendRideMessageInput>;

export const RideIdParams = z.object({ rideId: z.uuid() });

export const RIDE_MESSAGES_DEFAULT_LIMIT = 100;
export const RIDE_MESSAGES_MAX_LIMIT = 500;
export const DIRECT_MESSAGES_DEFAULT_LIMIT = 200;
export const DIRECT_MESSAGES_MAX_LIMIT = 500;
export const INBOX_DEFAULT_LIMIT = 50;
export const INBOX_MAX_LIMIT = 200;

/**
 * `after` is a message id or an ISO timestamp: only messages after it are returned, oldest first,
 * so that a client coming back from a disconnection fetches exactly what it missed. Without
 * `after` the newest `limit` messages are returned, still oldest first.
 */
function messageHistoryQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    after: z.union([z.uuid(), z.iso.datetime({ offset: true })]).optional(),
  });
}
export const RideMessagesQuery = messageHistoryQuery(RIDE_MESSAGES_DEFAULT_LIMIT, RIDE_MESSAGES_MAX_LIMIT);
export type RideMessagesQuery = z.infer<typeof RideMessagesQuery>;
export const DirectMessagesQuery = messageHistoryQuery(DIRECT_MESSAGES_DEFAULT_LIMIT, DIRECT_MESSAGES_MAX_LIMIT);
export type DirectMessagesQuery = z.infer<typeof DirectMessagesQuery>;

export const InboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_LIMIT).default(INBOX_DEFAULT_LIMIT),
});

export const DirectMessageDto = z.object({
  id: z.uuid(),
  senderId: z.uuid(),
  receiverId: z.uuid(),
  content: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Whether the receiver has opened the conversation since. */
  read: z.boolean(),
});
export type DirectMessage = z.infer<typeof DirectMessageDto>;

export const SendDirectMessageInput = z.object({
  receiverId: z.uuid(),
  content: MessageContentSchema,
});
export type SendDirectMessageInput = z.infer<typeof SendDirectMessageInput>;

export const ConversationUserDto = MessageAuthorDto.extend({ avatarColor: z.string().nullable() });

/** One inbox row: the conversation with one other user. */
export const ConversationDto = z.object({
  id: z.uuid(),
  user: ConversationUserDto,
  lastMessage: z.string(),
  /** ISO 8601. */
  lastMessageTime: z.string(),
  /** Messages to the caller that the caller has not read yet. */
  unreadCount: z.number().int().min(0),
});
export type Conversation = z.infer<typeof ConversationDto>;

/** GET /api/messages/rides: how many ride chats, most recent first. */
export const RideChatsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/**
 * One ride chat of the caller's, for the inbox: the rides they drive or ride on (or rode on) in the
 * region whose chat has a message, with its latest message.
 */
export const RideChatSummaryDto = z.object({
  rideId: z.uuid(),
  from: z.string(),
  to: z.string(),
  /** ISO 8601. */
  departsAt: z.string(),
  rideStatus: z.enum(['active', 'cancelled', 'completed']),
  lastMessage: z.string(),
  /** The latest message's author; null for the app's own notices. */
  lastMessageAuthor: z.string().nullable(),
  /** ISO 8601. */
  lastMessageTime: z.string(),
  messageCount: z.number().int().min(1),
});
export type RideChatSummary = z.infer<typeof RideChatSummaryDto>;
