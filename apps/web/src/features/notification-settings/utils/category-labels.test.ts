import { DELIVERY_CHANNELS, NOTIFICATION_CATEGORIES } from '@carpool/shared/schemas/notification-preferences';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CHANNELS } from './category-labels';

describe('the preferences page lists', () => {
  it('every category and channel, in the shared order', () => {
    expect(CATEGORIES).toEqual([...NOTIFICATION_CATEGORIES]);
    expect(CHANNELS).toEqual([...DELIVERY_CHANNELS]);
  });
});
