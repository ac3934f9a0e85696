// A real OpenID Connect provider (the `oidc-provider` package) for the SSO tests, on a free port
// of 127.0.0.1. Started by e2e/support/oidc.ts:
//   node e2e/support/oidc-provider.mjs '{"clients":[{client_id, client_secret, redirect_uris, backchannel_logout_uri}]}'
// prints one line `{"issuer": "http://127.0.0.1:<port>"}` once it listens.
// Any login and password signs in (its development interactions); the account's username is the
// login. For the refusal tests, `POST /test/tamper?mode=forged|nonce|issuer|expired` changes the
// ID token of the next token answer: re-signed with another key, or with this provider's own key
// but another nonce, issuer or an expiry in the past.
import { setDefaultResultOrder } from 'node:dns';
import { createServer } from 'node:http';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

// The product under test listens on 127.0.0.1: `localhost` (its campus host) must reach it there.
setDefaultResultOrder('ipv4first');

const { clients } = JSON.parse(process.argv[2] ?? '{"clients":[]}');

const signingKey = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(signingKey.privateKey)), kid: 'campus-idp-1', alg: 'RS256', use: 'sig' };
const otherKey = await generateKeyPair('RS256');

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients,
  jwks: { keys: [jwk] },
  cookies: { keys: ['lms-test-idp-cookies'] },
  features: {
    devInteractions: { enabled: true },
    backchannelLogout: { enabled: true },
    rpInitiatedLogout: { enabled: true },
  },
  pkce: { required: () => true },
  // Profile claims in the ID token itself, as Keycloak and Azure AD send them.
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub'],
    profile: ['name', 'preferred_username'],
    email: ['email', 'email_verified'],
  },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      claims: () => ({
        sub: `subject-${id}`,
        preferred_username: id,
        name: `Person ${id}`,
        email: `${id}@idp.test`,
        email_verified: true,
      }),
    };
  },
  // First-party clients: no consent screen.
  async loadExistingGrant(ctx) {
    const grantId =
      ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid profile email');
    grant.addOIDCClaims(['sub', 'name', 'preferred_username', 'email', 'email_verified', 'sid']);
    await grant.save();
    return grant;
  },
  // Its back-channel logouts go to the product on 127.0.0.1, which its SSRF guard would refuse.
  fetch: (url, { dispatcher: _guard, ...options }) => fetch(url, options),
  renderError(ctx, out) {
    ctx.type = 'json';
    ctx.body = out;
  },
});

let tamper = null;

async function tampered(idToken, mode) {
  const claims = decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  if (mode === 'nonce') claims.nonce = 'a-nonce-of-another-sign-in';
  if (mode === 'issuer') claims.iss = 'http://127.0.0.1:1/another-provider';
  if (mode === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  const key = mode === 'forged' ? otherKey.privateKey : signingKey.privateKey;
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(key);
}

provider.use(async (ctx, next) => {
  if (ctx.path === '/test/tamper' && ctx.method === 'POST') {
    tamper = ctx.query.mode;
    ctx.status = 204;
    return;
  }
  // An account chooser is a sign-in form here (prompt=select_account → login).
  if (ctx.path === '/auth' && ctx.query.prompt === 'select_account') {
    ctx.query = { ...ctx.query, prompt: 'login' };
  }
  await next();
  if (ctx.path === '/token' && ctx.status === 200 && tamper && ctx.body?.id_token) {
    const mode = tamper;
    tamper = null;
    ctx.body = { ...ctx.body, id_token: await tampered(ctx.body.id_token, mode) };
  }
});

provider.on('backchannel.error', (_client, error) =>
  console.error('back-channel logout failed:', error.message, error.cause?.message ?? error.cause),
);
server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
