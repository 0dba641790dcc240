import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import { describe, expect, it } from 'vitest';
import { preferenceLines } from './preferences';

describe('preferenceLines', () => {
  it('reads "Okay with X" or "NOT okay with X" in the spec order', () => {
    expect(preferenceLines(DEFAULT_PREFERENCES).map((line) => line.text)).toEqual([
      'Okay with Chatting',
      'NOT okay with Animals',
      'Okay with Music',
      'NOT okay with Smoking',
    ]);
    const all = preferenceLines({ okayWithChatting: false, okayWithAnimals: true, okayWithMusic: false, okayWithSmoking: true });
    expect(all.map((line) => [line.key, line.okay])).toEqual([
      ['okayWithChatting', false],
      ['okayWithAnimals', true],
      ['okayWithMusic', false],
      ['okayWithSmoking', true],
    ]);
  });
});
