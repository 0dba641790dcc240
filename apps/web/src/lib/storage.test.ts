import { SessionUserDto } from '@carpool/shared/schemas/users';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '../test/fake-server';
import { getStoredUser, setStoredUser } from './storage';

const storeRaw = (value: unknown) => localStorage.setItem('revy_user_cornell', JSON.stringify(value));

describe('the stored session user, read without zod', () => {
  afterEach(() => localStorage.clear());

  it('reads back what was stored', () => {
    setStoredUser('cornell', testUser);
    expect(getStoredUser('cornell')).toEqual(testUser);
    expect(getStoredUser('nj')).toBeNull();
  });

  it('refuses a stored user without any one of the fields SessionUserDto has', () => {
    // A field added to the schema and not to the check fails here.
    for (const field of Object.keys(SessionUserDto.shape)) {
      const { [field]: _left, ...rest } = testUser as unknown as Record<string, unknown>;
      storeRaw(rest);
      expect(getStoredUser('cornell'), field).toBeNull();
    }
  });

  it('refuses wrong types, a non-object and text that is not JSON', () => {
    storeRaw({ ...testUser, isAdmin: 'yes' });
    expect(getStoredUser('cornell')).toBeNull();
    storeRaw({ ...testUser, preferences: { okayWithChatting: 'sure' } });
    expect(getStoredUser('cornell')).toBeNull();
    storeRaw({ ...testUser, avatar: 3 });
    expect(getStoredUser('cornell')).toBeNull();
    storeRaw(['not', 'a', 'user']);
    expect(getStoredUser('cornell')).toBeNull();
    localStorage.setItem('revy_user_cornell', '{oops');
    expect(getStoredUser('cornell')).toBeNull();
  });
});
