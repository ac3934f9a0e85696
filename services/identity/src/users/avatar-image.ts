import sharp from 'sharp';
import { attributePointer, attributes, field, unprocessable } from '@lms/jsonapi';

/** The side of the square every avatar is stored at, in pixels. */
export const AVATAR_SIDE = 256;
/** Largest picture a user may send for their avatar. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Largest picture decoded, in pixels (a small file may claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
/** The formats decoded: those of the accepted types (libvips reads SVG, PDF and more, never wanted here). */
const FORMATS = new Set<string>(['png', 'jpeg', 'gif', 'webp']);

/**
 * The square of the picture the avatar shows, in pixels of the picture as it is seen (its EXIF
 * orientation applied): the form fields `crop_x`, `crop_y` and `crop_size`, all or none. None:
 * the largest square in the middle.
 */
export const avatarCropRules = attributes(
  {
    crop_x: field.integer({ min: 0 }).optional(),
    crop_y: field.integer({ min: 0 }).optional(),
    crop_size: field.integer({ min: 1 }).optional(),
  },
  { unknown: 'strip' },
);

export interface AvatarCrop {
  left: number;
  top: number;
  size: number;
}

const cropIssue = (name: string, detail: string) =>
  unprocessable([{ pointer: attributePointer(name), detail }]);

/** The crop of the form fields, or null for the middle square; a 422 when only some are given. */
export function cropOf(fields: { crop_x?: number; crop_y?: number; crop_size?: number }): AvatarCrop | null {
  const given = [fields.crop_x, fields.crop_y, fields.crop_size].filter((value) => value !== undefined);
  if (given.length === 0) return null;
  if (given.length < 3)
    throw cropIssue('crop_size', 'crop_x, crop_y and crop_size are given together, or none of them');
  return { left: fields.crop_x!, top: fields.crop_y!, size: fields.crop_size! };
}

const notAPicture = () =>
  cropIssue('file', 'The file could not be read as a picture; allowed: PNG, JPEG, GIF, WebP');

/**
 * The avatar made of an uploaded picture: decoded (only PNG, JPEG, GIF and WebP; a file that only
 * starts like one is refused), turned upright, cropped to `crop` (or the middle square), resized
 * to {@link AVATAR_SIDE}² and written anew as WebP without any of the original's metadata (no
 * camera, no GPS position). A crop outside the picture is a 422 naming its size.
 */
export async function squareAvatar(bytes: Buffer, crop: AvatarCrop | null): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let width: number;
  let height: number;
  try {
    const meta = await image.metadata();
    if (!FORMATS.has(meta.format)) throw notAPicture();
    // Orientations 5 to 8 turn the picture a quarter: it is seen with width and height swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch {
    throw notAPicture();
  }
  if (width * height > MAX_INPUT_PIXELS)
    throw cropIssue('file', `The picture is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  const side = Math.min(width, height);
  const square = crop ?? {
    size: side,
    left: Math.floor((width - side) / 2),
    top: Math.floor((height - side) / 2),
  };
  if (square.left + square.size > width || square.top + square.size > height)
    throw cropIssue('crop_size', `The square lies outside the picture, which is ${width}×${height} pixels`);
  try {
    return await image
      .rotate()
      .extract({ left: square.left, top: square.top, width: square.size, height: square.size })
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'fill' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The header was fine, the rest is not (cut short, corrupt, or something else behind it).
    throw notAPicture();
  }
}
