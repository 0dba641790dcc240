/**
 * The channels the database NOTIFYs on (from triggers), which every pooled PostgreSQL connection
 * LISTENs on from its start (client.ts): a session receives its own notifications at its commit,
 * before the commit's answer, so the process that made a change hears it before it goes on.
 */
export const NOTIFY_CHANNELS = {
  /** Migration 0011: the id of a user whose row or one of whose sessions changed (session cache). */
  authChanged: 'auth_changed',
  /** Migration 0019: the table of the regions that changed (regions, their places, colleges or moderators). */
  regionsChanged: 'regions_changed',
} as const;
