import type { RideMessage } from '@carpool/shared/schemas/messages';
import type { Notification } from '@carpool/shared/schemas/notifications';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import { describe, expect, it } from 'vitest';
import { createEventBus, type DomainEvents } from './events.js';

const rideMessage: RideMessage = {
  id: 'message-1',
  rideId: 'ride-1',
  userId: null,
  userName: null,
  user: null,
  content: 'This ride was cancelled by the driver.',
  timestamp: '2026-01-01T12:00:00.000Z',
  kind: 'system',
};

const notification: Notification = {
  id: 'notification-1',
  kind: 'ride_cancelled',
  title: 'Ride cancelled',
  body: 'Your ride was cancelled.',
  rideId: 'ride-1',
  bookingId: null,
  otherUserId: null,
  createdAt: '2026-01-01T12:00:00.000Z',
  read: false,
};

describe('the domain event bus', () => {
  it('hands each subscriber what is published under its name, until it unsubscribes', () => {
    const events = createEventBus();
    const heard: DomainEvents['user-event'][] = [];
    const unsubscribe = events.subscribe('user-event', (event) => heard.push(event));
    events.publish('user-event', { userId: 'user-1', event: SOCKET_EVENTS.notification, payload: notification });
    events.publish('ride-event', { rideId: 'ride-1', event: SOCKET_EVENTS.newMessage, payload: rideMessage });
    unsubscribe();
    events.publish('user-event', { userId: 'user-2', event: SOCKET_EVENTS.notification, payload: notification });
    expect(heard).toEqual([{ userId: 'user-1', event: SOCKET_EVENTS.notification, payload: notification }]);
  });

  it("does not compile an event its room does not hear, or a payload that is not its event's", () => {
    // `npm run typecheck` checks the test files: it fails when a line under `@ts-expect-error`
    // compiles. Nobody listens on this bus, so the lines send nothing when the test runs.
    const events = createEventBus();
    // @ts-expect-error a ride chat's message is for the ride's room, not a user's
    events.publish('user-event', { userId: 'user-1', event: SOCKET_EVENTS.newMessage, payload: rideMessage });
    // @ts-expect-error a name the socket event map does not have
    events.publish('user-event', { userId: 'user-1', event: 'notifications', payload: notification });
    // @ts-expect-error a notification's name with a ride message for payload
    events.publish('user-event', { userId: 'user-1', event: SOCKET_EVENTS.notification, payload: rideMessage });
    // @ts-expect-error a ride message's name with a notification for payload
    events.publish('ride-event', { rideId: 'ride-1', event: SOCKET_EVENTS.newMessage, payload: notification });
    // @ts-expect-error the seat counts go to a region's room, with a region
    events.publish('ride-event', { rideId: 'ride-1', event: SOCKET_EVENTS.rideSeats, payload: rideMessage });
    expect(events.subscribe('ride-event', () => undefined)).toBeTypeOf('function');
  });
});
