/**
 * The square of a picture an avatar keeps, in the picture's own pixels (as the browser shows it,
 * turned upright): what the server crops (`crop_x`, `crop_y`, `crop_size`) before it resizes.
 */
export interface Crop {
  x: number;
  y: number;
  size: number;
}

/** The picture types the server takes (judged by their bytes there too). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** The largest picture the server takes for an avatar. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The smallest square kept, as a share of the picture's shorter side (the most one may zoom in). */
export const MIN_SHARE = 0.1;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The largest square in the middle of a picture: what an avatar keeps unless moved. */
export function middleSquare(width: number, height: number): Crop {
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

/** The square moved to (x, y), kept whole inside the picture; whole pixels. */
export function moveCrop(crop: Crop, x: number, y: number, width: number, height: number): Crop {
  return {
    size: crop.size,
    x: Math.round(clamp(x, 0, width - crop.size)),
    y: Math.round(clamp(y, 0, height - crop.size)),
  };
}

/** The square resized around its centre (within the picture and the zoom limit); whole pixels. */
export function resizeCrop(crop: Crop, size: number, width: number, height: number): Crop {
  const shorter = Math.min(width, height);
  const next = Math.round(clamp(size, Math.max(1, Math.round(shorter * MIN_SHARE)), shorter));
  const centreX = crop.x + crop.size / 2;
  const centreY = crop.y + crop.size / 2;
  return moveCrop({ ...crop, size: next }, centreX - next / 2, centreY - next / 2, width, height);
}

/** Why a chosen file cannot be an avatar (a key of `profile.avatar…`), or null when it may be. */
export function avatarFileProblem(file: { type: string; size: number }): 'avatarType' | 'avatarSize' | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarSize';
  return null;
}
