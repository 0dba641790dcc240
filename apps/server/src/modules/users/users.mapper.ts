import type { SessionUser, PublicUser } from '@carpool/shared/schemas/users';
import { isCollege } from '@carpool/shared/colleges';
import type { UserRow } from './users.repository.js';

/** The public URL of a stored public file (avatars). */
export function fileUrl(fileId: string | null): string | null {
  return fileId ? `/api/files/${fileId}` : null;
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    avatar: fileUrl(row.avatarFileId),
    avatarColor: row.avatarColor,
    bio: row.bio,
    college: isCollege(row.college) ? row.college : null,
    preferences: {
      okayWithChatting: row.okayWithChatting,
      okayWithAnimals: row.okayWithAnimals,
      okayWithMusic: row.okayWithMusic,
      okayWithSmoking: row.okayWithSmoking,
    },
    verificationStatus: row.verificationStatus,
    driverVerified: row.driverVerified,
  };
}

export function toSessionUser(row: UserRow, isAdmin: boolean): SessionUser {
  return { ...toPublicUser(row), email: row.email, isAdmin };
}
