import { AVATAR_MAX_BYTES } from '@carpool/shared/constants';
import { describe, expect, it } from 'vitest';
import { checkImageFile } from './avatar-file';

describe('checkImageFile', () => {
  it('accepts images up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/gif', size: AVATAR_MAX_BYTES })).toBeNull();
  });

  it('refuses other types and larger files with the spec texts', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('Please select an image file');
    expect(checkImageFile({ type: '', size: 10 })).toBe('Please select an image file');
    expect(checkImageFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe('Image size must be less than 5MB');
  });
});
