import { AVATAR_COLORS, INITIALS_MAX_LETTERS, type AvatarColor } from '@carpool/shared/constants';
import { useState } from 'react';

type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZES: Record<AvatarSize, string> = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-14 w-14 text-lg',
  xl: 'h-24 w-24 text-3xl',
};

/** "Ada Lovelace" -> "AL", "cher" -> "C": the first letters of the first and last words. */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const picked = words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]];
  return picked
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .slice(0, INITIALS_MAX_LETTERS)
    .toUpperCase();
}

function isAvatarColor(value: string | null | undefined): value is AvatarColor {
  return (AVATAR_COLORS as readonly string[]).includes(value ?? '');
}

/** The server assigns a colour; older records without one get a stable colour from the name. */
export function avatarColorFor(name: string | null | undefined, color?: string | null): AvatarColor {
  if (isAvatarColor(color)) return color;
  let sum = 0;
  for (const char of name ?? '') sum += char.codePointAt(0) ?? 0;
  return AVATAR_COLORS[sum % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}

interface AvatarProps {
  name: string | null | undefined;
  src?: string | null;
  color?: string | null;
  size?: AvatarSize;
  className?: string;
}

export function Avatar({ name, src, color, size = 'md', className = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold ${SIZES[size]} ${className}`;
  if (src && failedSrc !== src) {
    return <img src={src} alt={name ?? ''} className={`${base} object-cover`} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span role="img" aria-label={name ?? 'User'} className={`${base} ${avatarColorFor(name, color)}`}>
      <span aria-hidden="true">{getInitials(name)}</span>
    </span>
  );
}
