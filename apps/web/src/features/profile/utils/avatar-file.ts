import { AVATAR_MAX_BYTES } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';

/**
 * Spec section 5 (Avatar file): an image type, at most 5 MB. Returns the message to show, or null.
 * The server checks the bytes themselves; this only spares a pointless upload.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return TEXTS.selectImageFile;
  if (file.size > AVATAR_MAX_BYTES) return TEXTS.imageTooLarge;
  return null;
}
