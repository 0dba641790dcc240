import { describe, expect, it } from 'vitest';
import { KeysetCursor } from './common.js';

const ID = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a01';

describe('KeysetCursor', () => {
  it('accepts an instant to the microsecond and an id, as the server writes them', () => {
    expect(KeysetCursor.safeParse(`2026-03-01T12:00:00.123456Z_${ID}`).success).toBe(true);
  });

  it('refuses anything else, days that do not exist included, before the database sees it', () => {
    for (const cursor of [
      ID,
      `2026-03-01T12:00:00.123Z_${ID}`,
      `2026-03-01T12:00:00.123456Z_not-an-id`,
      `2026-02-30T12:00:00.000000Z_${ID}`,
      `2026-03-01T24:00:00.000000Z_${ID}`,
      `2026-13-01T12:00:00.000000Z_${ID}`,
      `2026-03-01T12:00:00.123456Z_${ID.toUpperCase()}`,
    ]) {
      expect(KeysetCursor.safeParse(cursor).success, cursor).toBe(false);
    }
  });
});
