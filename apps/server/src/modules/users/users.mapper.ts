import type { Preferences, PublicUser, RatingSummary, SessionUser } from '@carpool/shared/schemas/users';
import type { UserRow } from './users.repository.js';

/** The public URL of a stored public file (avatars). */
export function fileUrl(fileId: string | null): string | null {
  return fileId ? `/api/files/${fileId}` : null;
}

/** The card's rating from the totals the reviews trigger keeps on the user's row. */
export function ratingSummaryOf(row: Pick<UserRow, 'reviewCount' | 'reviewStarsTotal'>): RatingSummary {
  return {
    reviewCount: row.reviewCount,
    averageRating: row.reviewCount > 0 ? Math.round((row.reviewStarsTotal / row.reviewCount) * 10) / 10 : null,
  };
}

/** The four yes/no preferences of a profile. */
export function preferencesOf(row: Pick<UserRow, 'okayWithChatting' | 'okayWithAnimals' | 'okayWithMusic' | 'okayWithSmoking'>): Preferences {
  return {
    okayWithChatting: row.okayWithChatting,
    okayWithAnimals: row.okayWithAnimals,
    okayWithMusic: row.okayWithMusic,
    okayWithSmoking: row.okayWithSmoking,
  };
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    avatar: fileUrl(row.avatarFileId),
    avatarColor: row.avatarColor,
    bio: row.bio,
    college: row.college,
    preferences: preferencesOf(row),
    verificationStatus: row.verificationStatus,
    driverVerified: row.driverVerified,
  };
}

/** What a session user may do beyond their own things: the whole console, or the moderation of some regions. */
interface SessionRoles {
  isAdmin: boolean;
  moderatedRegions: readonly string[];
}

export function toSessionUser(row: UserRow, roles: SessionRoles): SessionUser {
  return { ...toPublicUser(row), email: row.email, isAdmin: roles.isAdmin, moderatedRegions: [...roles.moderatedRegions] };
}
