import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { DocumentRenderer } from './document.renderer';
import { TokenVerifier } from './tokens';

@Module({})
export class AuthModule {
  /**
   * Verifies every request's token with the gateway's public key (PEM), and writes the documents
   * controllers answer with `respond()` in the caller's time zone.
   */
  static forRoot(options: { publicKeyPem: string }): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [
        { provide: TokenVerifier, useValue: TokenVerifier.forKey(options.publicKeyPem) },
        { provide: APP_GUARD, useClass: AuthGuard },
        DocumentRenderer,
      ],
      exports: [TokenVerifier],
    };
  }
}
