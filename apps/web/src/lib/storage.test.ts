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

  it('refuses a stored user without any one of the fields SessionUserDto requires, and reads one without an optional field', () => {
    // A field added to the schema and not to the check fails here.
    const full = { ...testUser, moderatedRegions: ['nj'] } as unknown as Record<string, unknown>;
    for (const [field, schema] of Object.entries(SessionUserDto.shape)) {
      const { [field]: _left, ...rest } = full;
      storeRaw(rest);
      // An optional field (moderatedRegions) may be missing: a user stored by an older build.
      if (schema.safeParse(undefined).success) expect(getStoredUser('cornell'), field).toEqual(rest);
      else expect(getStoredUser('cornell'), field).toBeNull();
    }
    storeRaw({ ...testUser, moderatedRegions: 'nj' });
    expect(getStoredUser('cornell')).toBeNull();
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
