import { generateKeyPairSync } from 'node:crypto';
import { InProcessTransport } from '@lms/events';
import { GatewayConfig, GatewayModule, mergeDocuments, urlVariable } from '@lms/gateway';
import { describeModule, type OpenApiDocument } from '@lms/platform';
import { SERVICES } from './registry';

/**
 * Settings the configurations require, with values nothing uses: describing builds the modules
 * in Nest's preview mode, where no provider runs (no database is opened, no key is used).
 */
function placeholderEnv(): NodeJS.ProcessEnv {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    DATABASE_URL: 'postgres://openapi@127.0.0.1:1/openapi',
    JWT_PUBLIC_KEY: publicKey,
    JWT_PRIVATE_KEY: privateKey,
    INTERNAL_TOKEN: 'openapi',
    ...Object.fromEntries(SERVICES.map(({ name }) => [urlVariable(name), 'http://127.0.0.1:1'])),
  };
}

/**
 * The whole API's OpenAPI document — what the gateway serves at `/api/docs` with every service of
 * the registry deployed — built from the service definitions without starting anything.
 * `npm run openapi` writes it to `web/src/api/openapi.json`, the source of the web client's types.
 */
export async function describePlatform(): Promise<OpenApiDocument> {
  const env = placeholderEnv();
  const services = [];
  for (const definition of SERVICES) {
    const module = definition.module(definition.config(env), new InProcessTransport());
    services.push({
      name: definition.name,
      document: await describeModule(module, { title: definition.name, ...definition.openApi }),
    });
  }
  const gateway = await describeModule(GatewayModule.forRoot(GatewayConfig.fromEnv(env)), {
    title: 'gateway',
  });
  return mergeDocuments(gateway, services);
}
