import type { VerificationDocumentField } from '@carpool/shared/schemas/verification';
import { VerificationUploadDto } from '@carpool/shared/schemas/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

interface VerificationUpload {
  files: Record<VerificationDocumentField, File>;
  /** yyyy-mm-dd, or '' when left blank (the dates are optional). */
  licenseExpiration: string;
  insuranceExpiration: string;
}

function uploadVerificationDocs(upload: VerificationUpload): Promise<z.infer<typeof VerificationUploadDto>> {
  const form = new FormData();
  // Text fields first: the server reads the form as one stream.
  form.append('licenseExpiration', upload.licenseExpiration);
  form.append('insuranceExpiration', upload.insuranceExpiration);
  for (const [field, file] of Object.entries(upload.files)) form.append(field, file);
  return api.post('/api/users/upload-verification-docs', form, { schema: VerificationUploadDto });
}

/** Spec section 4: none or rejected -> pending after a successful upload. */
export function useUploadVerificationDocs() {
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVerificationDocs,
    onSuccess: async ({ user }) => {
      updateUser(user);
      await queryClient.invalidateQueries({ queryKey: ['users', user.id] });
      await queryClient.invalidateQueries({ queryKey: ['my-verification'] });
    },
  });
}
