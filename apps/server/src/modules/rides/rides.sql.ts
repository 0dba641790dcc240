import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users, type bookings } from '../../db/schema.js';

/*
 * The rides module's public query fragments: the columns and SQL that other modules' repositories
 * put inside their own statements (a booking statement answers with the ride's driver and the
 * participant view it reads under the ride's lock), and the reading of what that SQL answers. The
 * rides module owns these tables' shapes and so the one definition of these; everything else about
 * rides goes through rides.service.ts (docs/decisions/module-boundaries.md).
 */

type UserRow = typeof users.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

/**
 * The driver's columns a ride shows (the ride DTO's driver: name, bio, avatar, college, the
 * verified tick, the rating and the preferences). The hot reads select only these: every column
 * costs the driver's parsing and drizzle's mapping on every row (bench/README.md).
 */
export const rideDriverColumns = {
  id: users.id,
  name: users.name,
  bio: users.bio,
  avatarFileId: users.avatarFileId,
  avatarColor: users.avatarColor,
  college: users.college,
  driverVerified: users.driverVerified,
  reviewCount: users.reviewCount,
  reviewStarsTotal: users.reviewStarsTotal,
  okayWithChatting: users.okayWithChatting,
  okayWithAnimals: users.okayWithAnimals,
  okayWithMusic: users.okayWithMusic,
  okayWithSmoking: users.okayWithSmoking,
};
export type RideDriverRow = Pick<UserRow, keyof typeof rideDriverColumns>;

/** A booking on a ride as its participants see it: the booking and who made it. */
interface RidePassengerRow {
  booking: Pick<BookingRow, 'id' | 'rideId' | 'userId' | 'seats' | 'suitcases' | 'fromPlace' | 'toPlace' | 'status' | 'cancelledBy' | 'createdAt'>;
  passenger: Pick<UserRow, 'id' | 'name' | 'avatarFileId' | 'avatarColor'>;
}

/** A ride chat message with its author's name and avatar (null for system messages). */
interface RideMessageWithAuthorRow {
  id: string;
  rideId: string;
  userId: string | null;
  kind: 'user' | 'system';
  content: string;
  hiddenAt: Date | null;
  createdAt: Date;
  userName: string | null;
  userAvatarFileId: string | null;
}

/** The latest messages of one ride, oldest first, and how many messages its chat holds. */
interface LatestRideMessages {
  messages: RideMessageWithAuthorRow[];
  total: number;
}

/** What a ride's participants see beyond the ride itself: its bookings with their passengers, and its chat. */
export interface ParticipantView {
  /** Every booking of the ride, oldest first. */
  passengers: RidePassengerRow[];
  /** The latest messages, oldest first, and the chat's count. */
  chat: LatestRideMessages;
}

/** A row of the aggregates below as JSON gives it: timestamps are ISO strings. */
type JsonRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** The participant view as `ride_participant_view` (migration 0012) writes it. */
export interface ParticipantViewJson {
  passengers: JsonRow<RidePassengerRow['booking'] & { name: string; avatarFileId: string | null; avatarColor: string | null }>[];
  total: number;
  messages: JsonRow<Omit<RideMessageWithAuthorRow, 'rideId'>>[];
}

/**
 * The participant view of one ride as SQL: its bookings with their passengers, its message count
 * and its newest `perRide` messages, as one JSON value (`ride_participant_view`, migration 0012).
 * The function reads with a snapshot of its own taken when it runs
 * (docs/decisions/ride-participant-view.md).
 */
export function participantViewSql(rideId: SQL | AnyPgColumn, perRide: SQL | Placeholder): SQL<ParticipantViewJson> {
  return sql<ParticipantViewJson>`ride_participant_view(${rideId}, ${perRide}::int)`;
}

export function participantViewFromJson(rideId: string, json: ParticipantViewJson): ParticipantView {
  return {
    passengers: json.passengers.map(({ name, avatarFileId, avatarColor, createdAt, ...booking }) => ({
      booking: { ...booking, createdAt: new Date(createdAt) },
      passenger: { id: booking.userId, name, avatarFileId, avatarColor },
    })),
    chat: {
      total: json.total,
      messages: json.messages.map((message) => ({
        ...message,
        rideId,
        hiddenAt: message.hiddenAt === null ? null : new Date(message.hiddenAt),
        createdAt: new Date(message.createdAt),
      })),
    },
  };
}

