import type { ReactNode } from 'react';

/**
 * The ride chat belongs to the messaging feature. Features never import each other, so the app
 * layer hands the chat in as this render function and the rides feature only decides where and
 * when it shows.
 */
export type RideChatSlot = (rideId: string, options?: RideChatOptions) => ReactNode;

interface RideChatOptions {
  /** Shown instead of the composer when the viewer may read the chat but no longer write in it. */
  readOnlyReason?: string | null;
}
