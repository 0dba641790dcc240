import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '@carpool/shared/texts';
import {
  cancelRideSucceededText,
  collegeSelectLabel,
  cutMessage,
  driverBookingLabel,
  firstName,
  formatPrice,
  messagePreview,
  rideCardAction,
} from './ride-labels';

const me = '6a0d0c9e-2f4b-4a53-9d7e-2b1f8f6d9c01';
const driver = {
  id: '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12',
  name: 'Grace Hopper',
  info: '',
  avatar: null,
  avatarColor: null,
  college: 'cornell' as const,
  driverVerified: false,
  reviewCount: 0,
  averageRating: null,
  preferences: DEFAULT_PREFERENCES,
};
const booking = (status: 'pending' | 'confirmed' | 'cancelled' | 'completed') => ({ id: me, status, seats: 1, suitcases: 1, from: 'ithaca', to: 'boston' });

describe('collegeSelectLabel', () => {
  it('reads College, the college name, or N Colleges', () => {
    const nameOf = (college: string) => ({ ithaca: 'Ithaca College' })[college] ?? college;
    expect(collegeSelectLabel([], nameOf)).toBe('College');
    expect(collegeSelectLabel(['ithaca'], nameOf)).toBe('Ithaca College');
    expect(collegeSelectLabel(['cornell', 'syracuse'], nameOf)).toBe('2 Colleges');
    expect(collegeSelectLabel(['cornell', 'ithaca', 'binghamton', 'syracuse'], nameOf)).toBe('4 Colleges');
  });
});

describe('rideCardAction', () => {
  it('follows the booking status', () => {
    expect(rideCardAction({ driver, myBooking: null }, me)).toMatchObject({ label: 'Reserve', disabled: false });
    expect(rideCardAction({ driver, myBooking: booking('pending') }, me)).toMatchObject({ label: 'Pending' });
    expect(rideCardAction({ driver, myBooking: booking('confirmed') }, me)).toMatchObject({ label: 'Confirmed' });
    expect(rideCardAction({ driver, myBooking: booking('cancelled') }, me)).toMatchObject({ label: 'Declined', disabled: true });
    expect(rideCardAction({ driver, myBooking: { ...booking('cancelled'), cancelledBy: 'driver' } }, me)).toMatchObject({ label: 'Declined', disabled: true });
  });

  it('says Cancelled, not Declined, for a booking the passenger cancelled, and lets them open the ride to book again', () => {
    expect(rideCardAction({ driver, myBooking: { ...booking('cancelled'), cancelledBy: 'passenger' } }, me)).toEqual({ kind: 'details', label: 'Cancelled', disabled: false });
  });

  it('reads Details on your own ride and asks a signed-out visitor to sign in', () => {
    expect(rideCardAction({ driver: { ...driver, id: me }, myBooking: null }, me)).toMatchObject({ label: 'Details' });
    expect(rideCardAction({ driver: null, myBooking: null }, null)).toMatchObject({ kind: 'sign-in', label: 'Reserve' });
  });
});

describe('message preview', () => {
  const message = (content: string, index: number): RideMessage => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    rideId: me,
    userId: me,
    userName: 'Ada Lovelace',
    user: null,
    content,
    timestamp: '2026-03-12T10:00:00.000Z',
    kind: 'user',
  });

  it('cuts at 30 characters with "..."', () => {
    expect(cutMessage('a'.repeat(30))).toBe('a'.repeat(30));
    expect(cutMessage('b'.repeat(31))).toBe(`${'b'.repeat(30)}...`);
  });

  it('shows the last 2 messages and how many more there are', () => {
    const preview = messagePreview([message('one', 1), message('two', 2), message('three', 3)], 5);
    expect(preview.lines.map((line) => line.text)).toEqual(['two', 'three']);
    expect(preview.more).toBe('+3 more messages');
    expect(messagePreview([message('one', 1), message('two', 2)], 3).more).toBe('+1 more message');
    expect(messagePreview([message('hi', 1)], 1)).toEqual({ lines: [{ id: message('hi', 1).id, author: 'Ada Lovelace', text: 'hi' }], more: null });
    expect(messagePreview([], 0)).toEqual({ lines: [], more: null });
  });
});

describe('small labels', () => {
  it('speaks of refunds after a ride cancellation only when payments are taken', () => {
    expect(cancelRideSucceededText(false)).toBe(TEXTS.cancelRideSucceededWithoutPayments);
    expect(cancelRideSucceededText(false)).not.toMatch(/refunds have been processed/);
    expect(cancelRideSucceededText(true)).toBe(TEXTS.cancelRideSucceeded);
    expect(cancelRideSucceededText()).toBe(TEXTS.cancelRideSucceededWithoutPayments);
  });

  it('labels the driver view of bookings', () => {
    expect(driverBookingLabel('confirmed')).toBe('ACCEPTED');
    expect(driverBookingLabel('cancelled')).toBe('REJECTED');
    expect(driverBookingLabel('cancelled', 'driver')).toBe('REJECTED');
    expect(driverBookingLabel('cancelled', 'passenger')).toBe('CANCELLED');
    expect(driverBookingLabel('cancelled', 'app')).toBe('CANCELLED');
    expect(driverBookingLabel('completed')).toBe('COMPLETED');
    expect(driverBookingLabel('pending')).toBeNull();
  });

  it('formats prices and first names', () => {
    expect(formatPrice(25)).toBe('$25');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(firstName('Ada Lovelace')).toBe('Ada');
  });
});
