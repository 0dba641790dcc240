import type { SessionUser, UpdateProfileInput } from '@carpool/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

function updateProfile(input: UpdateProfileInput): Promise<SessionUser> {
  return api.put('/api/users/profile', input, { schema: () => import('@carpool/shared/schemas/users').then((module) => module.SessionUserDto) });
}

/** Saves the profile, then stores the answer as the session user and refreshes the profile view. */
export function useUpdateProfile() {
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      updateUser(user);
      await queryClient.invalidateQueries({ queryKey: ['users', user.id] });
    },
  });
}
