import { Injectable } from '@nestjs/common';
import { GatewayConfig } from '../config';
import { SharedStore } from '../shared-store';

/**
 * Sign-in sessions (the `sid` claim of access tokens) ended before their access tokens expire:
 * by a logout, or by identity revoking a session whose refresh token was used twice. Kept in
 * the shared store (Redis in stack mode, so every replica knows) for as long as an access token
 * of the session can still be valid; the gateway refuses their tokens on every proxied request
 * and socket upgrade.
 */
@Injectable()
export class RevokedSessions {
  private readonly ttlMs: number;

  constructor(
    private readonly shared: SharedStore,
    config: GatewayConfig,
  ) {
    // A token issued just before the revocation lives one lifetime more; a minute of clock skew.
    this.ttlMs = (config.accessTtlSeconds + 60) * 1000;
  }

  async revoke(sessionId: string): Promise<void> {
    if (sessionId) await this.shared.store.set(`revoked-session:${sessionId}`, true, this.ttlMs);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.shared.store.get<boolean>(`revoked-session:${sessionId}`)) === true;
  }
}
