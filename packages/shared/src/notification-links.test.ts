import type { Notification } from './schemas/notifications.js';
import { describe, expect, it } from 'vitest';
import { notificationPath } from './notification-links.js';

const DRIVER = '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e01';
const base: Notification = {
  id: '0f5a3a2e-8c1d-4c61-9a4b-5d8e2f1c0a01',
  kind: 'booking_requested',
  title: 'New booking request',
  body: '',
  rideId: '5b0c2f3e-1d2a-4b3c-8d4e-5f6a7b8c9d01',
  bookingId: null,
  otherUserId: DRIVER,
  createdAt: '2026-03-12T15:05:00.000Z',
  read: false,
};

describe('notificationPath', () => {
  it('leads a direct message to the conversation with its sender', () => {
    expect(notificationPath({ ...base, kind: 'direct_message', rideId: null })).toBe(`/conversation-messages/${DRIVER}`);
  });

  it('leads booking changes to the ride on My Rides even though they name the other person', () => {
    for (const kind of ['booking_requested', 'booking_confirmed', 'booking_rejected', 'booking_cancelled_by_passenger', 'ride_cancelled', 'ride_updated', 'waitlist_promoted'] as const) {
      expect(notificationPath({ ...base, kind })).toBe(`/my-rides?ride=${base.rideId}`);
      expect(notificationPath({ ...base, kind, rideId: null })).toBe('/my-rides');
    }
  });

  it('leads a due review to the home page and a matching ride to its dialog there', () => {
    expect(notificationPath({ ...base, kind: 'review_due' })).toBe('/');
    expect(notificationPath({ ...base, kind: 'ride_request_match' })).toBe(`/?ride=${base.rideId}`);
  });

  it('leads a closed waiting list to the home page: the ride was never on the passenger\'s My Rides', () => {
    expect(notificationPath({ ...base, kind: 'waitlist_closed' })).toBe('/');
  });
});
