/** Messages between run-chat.ts and its client processes (over the child-process IPC channel). */
export interface ChatRoom {
  rideId: string;
  /** Session tokens of the room's members (the driver and the passengers); each gets one socket. */
  tokens: string[];
}

export type ParentToClient =
  | { type: 'config'; serverUrl: string; rooms: ChatRoom[]; windowSeconds: number }
  | { type: 'start'; atEpochMs: number };

export type ClientToParent =
  | { type: 'ready'; sockets: number }
  | { type: 'failed'; message: string }
  | {
      type: 'done';
      latencies: number[];
      expected: number;
      received: number;
      sendFailures: number;
      /** Status codes or error codes of the failed sends, with their counts. */
      failureReasons: Record<string, number>;
    };

/** The message text carries the room and sequence number, so that a receiver knows when it was sent. */
export const chatContent = (room: number, sequence: number) => `bench ${room} ${sequence}`;

export function parseChatContent(content: string): string | null {
  const match = /^bench (\d+) (\d+)$/.exec(content);
  return match ? `${match[1]}:${match[2]}` : null;
}
