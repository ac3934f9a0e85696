import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@lms/jsonapi';
import { BlobNotFoundError, type BlobStorage, removeQuietly, type StoredImage } from '@lms/storage';
import { BLOB_STORAGE } from '../storage/blob-storage';

/** Where a user's avatar is shown (their `thumbnail`): a stable address, answered by identity. */
export function avatarPath(userId: number, name: string): string {
  return `/api/course/users/${userId}/avatar/${name}`;
}

/**
 * Users' avatars in identity's store (`identity/<campus>/avatars/<user>/<uuid>`, WebP): the one a
 * user's `thumbnail` names is theirs; a replaced or removed one is deleted.
 */
@Injectable()
export class AvatarStore {
  constructor(@Inject(BLOB_STORAGE) private readonly storage: BlobStorage) {}

  private keyOf(tenantId: number, userId: number, name: string): string {
    return `identity/${tenantId}/avatars/${userId}/${name}`;
  }

  /** Stores a new avatar of the user; answers the address it is shown at. */
  async put(tenantId: number, userId: number, picture: Buffer): Promise<string> {
    const name = randomUUID();
    await this.storage.put(this.keyOf(tenantId, userId, name), picture, {
      contentType: 'image/webp',
      maxBytes: picture.length,
    });
    return avatarPath(userId, name);
  }

  /** Removes the avatar a thumbnail named, when it is one of ours (never throws). */
  async discard(tenantId: number, userId: number, thumbnail: string | null): Promise<void> {
    const prefix = avatarPath(userId, '');
    if (thumbnail === null || !thumbnail.startsWith(prefix)) return;
    await removeQuietly(this.storage, this.keyOf(tenantId, userId, thumbnail.slice(prefix.length)));
  }

  /** The avatar's bytes; 404 when it is no longer stored. */
  async read(tenantId: number, userId: number, name: string): Promise<StoredImage> {
    const key = this.keyOf(tenantId, userId, name);
    try {
      const { size, contentType } = await this.storage.stat(key);
      return { body: await this.storage.get(key), mime: contentType, size };
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('The picture does not exist');
      throw error;
    }
  }
}
