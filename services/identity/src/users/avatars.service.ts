import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { notFound, validateWith } from '@lms/jsonapi';
import { IMAGE_NAME, receiveImage, type StoredImage } from '@lms/storage';
import { TenantsService } from '../tenants/tenants.service';
import { AVATAR_MAX_BYTES, avatarCropRules, cropOf, squareAvatar } from './avatar-image';
import { avatarPath, AvatarStore } from './avatar-store';
import { type InCampus, UsersService } from './users.service';
import type { UserView } from './users.resource';

/**
 * A user's own avatar: a picture they upload, cropped to the square they chose and stored small
 * ({@link squareAvatar}); shown to anyone who has its address, on the campus's own host.
 */
@Injectable()
export class AvatarsService {
  constructor(
    private readonly users: UsersService,
    private readonly store: AvatarStore,
    private readonly tenants: TenantsService,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Replaces the user's avatar by the picture of a multipart upload (part `file`, PNG, JPEG, GIF
   * or WebP by its bytes, at most 5 MB; the fields `crop_x`, `crop_y`, `crop_size` before it).
   */
  async upload(auth: AuthContext, id: number, request: FastifyRequest): Promise<InCampus<UserView>> {
    await this.users.requireOwn(auth, id);
    return receiveImage(request, { maxBytes: AVATAR_MAX_BYTES }, async (image) => {
      const crop = cropOf(validateWith(avatarCropRules, image.fields));
      const { bytes } = await image.read();
      const address = await this.store.put(auth.tenantId, id, await squareAvatar(bytes, crop));
      try {
        return await this.users.updateOwn(auth, id, { thumbnail: address });
      } catch (error) {
        await this.store.discard(auth.tenantId, id, address);
        throw error;
      }
    });
  }

  /** The avatar a user of the campus at `host` shows now; any other name is a 404. */
  async picture(host: string, userId: number, name: string): Promise<StoredImage> {
    const campus = IMAGE_NAME.test(name) ? await this.tenants.findByHost(host) : null;
    const shown: unknown[] = campus
      ? await this.dataSource.query(
          `SELECT 1 FROM users WHERE id = $1 AND tenant_id = $2 AND thumbnail = $3`,
          [userId, campus.id, avatarPath(userId, name)],
        )
      : [];
    if (!campus || shown.length === 0) throw notFound('The picture does not exist');
    return this.store.read(campus.id, userId, name);
  }
}
