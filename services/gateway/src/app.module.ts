import { type DynamicModule, Module } from '@nestjs/common';
import { RevokedSessions, TokenIssuer, TokenVerifier } from '@lms/auth';
import { AuthController } from './auth/auth.controller';
import { BackchannelLogoutController } from './auth/backchannel-logout.controller';
import { IdentityClient } from './auth/identity.client';
import { TenantResolver } from './auth/tenant.resolver';
import { GatewayConfig } from './config';
import { DocsController } from './docs/docs.controller';
import { GatewayHealthController } from './health.controller';
import { ProxyHandler } from './routing/proxy';
import { UpgradeProxy } from './routing/upgrade';
import { SharedStore } from './shared-store';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    const issuer = TokenIssuer.fromPem(config.jwtPrivateKey, config.accessTtlSeconds);
    return {
      module: GatewayModule,
      controllers: [AuthController, BackchannelLogoutController, DocsController, GatewayHealthController],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: TokenIssuer, useValue: issuer },
        // The services of an all-in-one process share it: a token's signature is checked once.
        { provide: TokenVerifier, useValue: TokenVerifier.forKey(issuer.publicKeyPem) },
        IdentityClient,
        // Shared with the services serving sockets: they refuse revoked sessions at the handshake.
        { provide: RevokedSessions, useFactory: () => RevokedSessions.open({ redisUrl: config.redisUrl }) },
        SharedStore,
        TenantResolver,
        ProxyHandler,
        UpgradeProxy,
      ],
    };
  }
}
