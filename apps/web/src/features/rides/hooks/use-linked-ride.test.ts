import { regexes } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { UUID_PATTERN } from './use-linked-ride';

describe('UUID_PATTERN', () => {
  it('is the pattern zod checks uuids with', () => {
    expect(UUID_PATTERN.source).toBe(regexes.uuid().source);
    expect(UUID_PATTERN.flags).toBe(regexes.uuid().flags);
  });
});
