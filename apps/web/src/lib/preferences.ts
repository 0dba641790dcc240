import type { Preferences } from '@carpool/shared/schemas/users';
import { TEXTS } from '@carpool/shared/texts';

/**
 * The shared PREFERENCE_LABELS, copied: they live beside the zod schemas, and a profile's first
 * paint has no other use for zod (docs/decisions/web-code-splitting.md). A test keeps the two equal.
 */
export const PREFERENCE_LABELS: Record<keyof Preferences, string> = {
  okayWithChatting: 'Chatting',
  okayWithAnimals: 'Animals',
  okayWithMusic: 'Music',
  okayWithSmoking: 'Smoking',
};

export const PREFERENCE_KEYS = Object.keys(PREFERENCE_LABELS) as (keyof Preferences)[];

export interface PreferenceLine {
  key: keyof Preferences;
  okay: boolean;
  text: string;
}

/** Spec section 3: "Okay with X" or "NOT okay with X", in the spec's order. */
export function preferenceLines(preferences: Preferences): PreferenceLine[] {
  return PREFERENCE_KEYS.map((key) => {
    const okay = preferences[key];
    const label = PREFERENCE_LABELS[key];
    return { key, okay, text: okay ? TEXTS.profile.preferenceOkay(label) : TEXTS.profile.preferenceNotOkay(label) };
  });
}
