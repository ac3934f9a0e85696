import { type EntityManager, IsNull } from 'typeorm';
import { RefreshToken } from './refresh-token.entity';

/**
 * Revokes every refresh token of the user that is not yet revoked, in the caller's transaction;
 * answers the sessions (families) it ended, for the gateway to refuse their access tokens.
 */
export async function revokeRefreshTokens(manager: EntityManager, userId: number): Promise<string[]> {
  const result = await manager
    .createQueryBuilder()
    .update(RefreshToken)
    .set({ revokedAt: () => 'now()' })
    .where({ userId, revokedAt: IsNull() })
    .returning(['family'])
    .execute();
  const rows = (result.raw ?? []) as Array<{ family: string }>;
  return [...new Set(rows.map((row) => row.family))];
}
