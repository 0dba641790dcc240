import { z } from 'zod';
import type { PreferenceKey } from '../constants.js';

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

// Every preference that has a label (constants.ts), and no other.
export const PreferencesSchema = z.object({
  okayWithChatting: z.boolean(),
  okayWithAnimals: z.boolean(),
  okayWithMusic: z.boolean(),
  okayWithSmoking: z.boolean(),
} satisfies Record<PreferenceKey, z.ZodBoolean>);
export type Preferences = z.infer<typeof PreferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  okayWithChatting: true,
  okayWithAnimals: false,
  okayWithMusic: true,
  okayWithSmoking: false,
};

/** A college's slug: the colleges are data, each of a region (GET /api/regions/{slug}). */
export const CollegeSchema = z.string().regex(/^[a-z0-9_-]{1,64}$/);

/** A user as anyone signed in may see them. */
export const PublicUserDto = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  avatarColor: z.string().nullable(),
  bio: z.string(),
  college: CollegeSchema.nullable(),
  preferences: PreferencesSchema,
  verificationStatus: VerificationStatusSchema,
  driverVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUserDto>;

/**
 * A person's rating as cards show it: the mean of the stars they received, to one decimal, and
 * how many reviews; `averageRating` is null while they have none ("New driver").
 */
export const RatingSummaryDto = z.object({
  reviewCount: z.number().int(),
  averageRating: z.number().nullable(),
});
export type RatingSummary = z.infer<typeof RatingSummaryDto>;

/**
 * What a person's completed shared trips added up to (docs/decisions/stopovers-and-seats-per-leg.md):
 * - milesShared: road miles of seats shared, as a passenger (their own seats) and as a driver
 *   (the seats they carried);
 * - co2SavedKg: those seat-miles times CO2_KG_PER_MILE (a car that stayed home for each);
 * - moneySaved: dollars against driving alone: a passenger's seats cost DRIVING_ALONE_CENTS_PER_MILE
 *   a mile alone less what they paid; a driver's passengers paid towards the trip.
 */
export const SharedTripImpactDto = z.object({
  milesShared: z.number(),
  co2SavedKg: z.number(),
  moneySaved: z.number(),
});
export type SharedTripImpact = z.infer<typeof SharedTripImpactDto>;

export const UserStatsDto = z.object({
  reviewCount: z.number().int(),
  averageRating: z.number(),
  ridesAsDriver: z.number().int(),
  ridesAsPassenger: z.number().int(),
  impact: SharedTripImpactDto,
});
export type UserStats = z.infer<typeof UserStatsDto>;

export const UserProfileDto = PublicUserDto.extend({ stats: UserStatsDto });
export type UserProfile = z.infer<typeof UserProfileDto>;

/** The signed-in user's own record (spec section 3, "Session user"). */
export const SessionUserDto = PublicUserDto.extend({
  email: z.string(),
  isAdmin: z.boolean(),
  /**
   * The regions whose reports, verification queue and users this user moderates in the console
   * (a region's moderators; empty for most people). Optional for a user stored by an older build.
   */
  moderatedRegions: z.array(z.string()).optional(),
});
export type SessionUser = z.infer<typeof SessionUserDto>;

/** The answer of a sign-in: the session user plus the session token, returned once. */
export const SignedInUserDto = SessionUserDto.extend({ token: z.string() });
export type SignedInUser = z.infer<typeof SignedInUserDto>;

export const UserEmailDto = z.object({ email: z.string() });

export const PROFILE_NAME_MAX_CHARS = 100;
export const PROFILE_BIO_MAX_CHARS = 1000;

/**
 * The profile form (spec section 7, PUT /api/users/profile). Name and e-mail are required; the
 * e-mail must stay the signed-in identity's. Absent bio, preferences or avatar stay as they are;
 * avatar null removes the picture (a new one comes through the upload call).
 */
export const UpdateProfileInput = z.object({
  name: z.string().trim().min(1).max(PROFILE_NAME_MAX_CHARS),
  email: z.string().trim().pipe(z.email().max(254)),
  avatar: z.string().nullable().optional(),
  bio: z.string().trim().max(PROFILE_BIO_MAX_CHARS).optional(),
  preferences: PreferencesSchema.optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** The answer of the avatar upload: the new avatar URL and the updated session user. */
export const UploadImageDto = z.object({ avatar: z.string(), user: SessionUserDto });
export type UploadImage = z.infer<typeof UploadImageDto>;
