import { PREFERENCE_LABELS, type PreferenceKey } from '@carpool/shared/constants';
import type { Preferences } from '@carpool/shared/schemas/users';
import { TEXTS } from '@carpool/shared/texts';

export const PREFERENCE_KEYS = Object.keys(PREFERENCE_LABELS) as PreferenceKey[];

export interface PreferenceLine {
  key: PreferenceKey;
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
