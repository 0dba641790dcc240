import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isEmailInArea, moderationAreaOf, type RegionDirectory } from '../regions/regions.service.js';
import { deleteFilesByIds, deleteFilesOfOwner, findFilesOfOwner, findFileById, findOwnerEmail, insertFile, type FileRow } from './files.repository.js';

/** Formats recognised by their bytes; anything else (SVG, PDF, HEIC, text) is refused. */
const ACCEPTED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/**
 * A 5 MB file can declare billions of pixels (a decompression bomb). 50 megapixels is above any
 * phone camera and keeps one decode at roughly 200 MB of memory.
 */
const MAX_INPUT_PIXELS = 50_000_000;

const IMAGE_VARIANTS = {
  /** Shown small everywhere; 512 px covers high-density screens. */
  avatar: { maxSide: 512, quality: 82 },
  /** An admin must be able to read a licence number. */
  document: { maxSide: 2048, quality: 88 },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export interface PreparedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  sha256: string;
}

export type FileKind = 'avatar' | 'license_front' | 'license_back' | 'insurance';

const unreadableImage = () => new AppError('UNSUPPORTED_FILE_TYPE', 'The file could not be read as an image');
const tooManyPixels = () =>
  new AppError('FILE_TOO_LARGE', `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted`);

/**
 * Checks that the bytes are an image of an accepted format, then decodes and re-encodes them to
 * WebP. Re-encoding drops EXIF (GPS positions), ICC and XMP data and anything hidden after the
 * image data; the EXIF orientation is applied first so that the picture stays upright.
 */
export async function prepareImage(input: Buffer, variant: ImageVariant): Promise<PreparedImage> {
  // Loaded with the first upload, not at start (bench/README.md, "the embedded start").
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !ACCEPTED_IMAGE_TYPES.has(detected.mime)) {
    throw new AppError('UNSUPPORTED_FILE_TYPE', 'Please upload an image file (JPEG, PNG, GIF, WebP or AVIF)');
  }

  let declared: Metadata;
  try {
    declared = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadableImage();
  }
  if (!declared.width || !declared.height) throw unreadableImage();
  // Refuse on the declared size, before any pixel is decoded.
  if (declared.width * declared.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  const { maxSide, quality } = IMAGE_VARIANTS[variant];
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadableImage();
  }
}

export async function storeImage(
  db: Queryable,
  image: PreparedImage,
  owner: { ownerId: string; kind: FileKind; visibility: 'public' | 'private' },
): Promise<FileRow> {
  return insertFile(db, {
    ...owner,
    contentType: image.contentType,
    byteSize: image.bytes.length,
    sha256: image.sha256,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
  });
}

export async function deleteFiles(db: Queryable, ids: string[]): Promise<void> {
  await deleteFilesByIds(db, ids);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A file the viewer may see. Private files (verification documents) answer only to their owner,
 * admins, and the moderators of the owner's regions, who decide the application; everyone else
 * gets the same 404 as for an id that does not exist, so ids cannot be probed.
 */
export async function findViewableFile(
  deps: { db: Queryable; regions: RegionDirectory; config: Pick<Config, 'allowedEmailDomains'> },
  id: string,
  viewer: { userId: string; isAdmin: boolean; moderatedRegions: readonly string[] } | null,
): Promise<FileRow> {
  if (!UUID_PATTERN.test(id)) throw notFound('File');
  const file = await findFileById(deps.db, id);
  if (!file) throw notFound('File');
  if (file.visibility === 'public') return file;
  if (viewer && (viewer.isAdmin || viewer.userId === file.ownerId)) return file;
  if (viewer && viewer.moderatedRegions.length > 0 && file.ownerId) {
    const ownerEmail = await findOwnerEmail(deps.db, file.ownerId);
    if (ownerEmail && isEmailInArea(moderationAreaOf(deps.regions, deps.config.allowedEmailDomains, viewer.moderatedRegions), ownerEmail)) return file;
  }
  throw notFound('File');
}

/** Every file a user uploaded (avatar, verification documents), with its bytes: the data export. */
export async function filesOfOwner(db: Queryable, ownerId: string) {
  return findFilesOfOwner(db, ownerId);
}

/** Deletes every file a user uploaded; whatever pointed at them must be gone or unlinked first. */
export async function deleteFilesOf(db: Queryable, ownerId: string): Promise<void> {
  await deleteFilesOfOwner(db, ownerId);
}
