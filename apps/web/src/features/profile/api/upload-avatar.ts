import type { UploadImage } from '@carpool/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

function uploadAvatar(file: File): Promise<UploadImage> {
  const form = new FormData();
  form.append('image', file);
  return api.post('/api/users/upload-image', form, { schema: () => import('@carpool/shared/schemas/users').then((module) => module.UploadImageDto) });
}

/** Spec section 4: an avatar upload immediately updates the stored user. */
export function useUploadAvatar() {
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async ({ user }) => {
      updateUser(user);
      await queryClient.invalidateQueries({ queryKey: ['users', user.id] });
    },
  });
}
