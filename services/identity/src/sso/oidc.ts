import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { NearCache } from '@lms/cache';

/** A refusal of a sign-in or logout whose message says what was wrong, for the person or the operator. */
export class SsoError extends Error {
  constructor(
    message: string,
    /** True when the provider could not be reached (try again later), not a refusal. */
    readonly unavailable = false,
  ) {
    super(message);
  }
}

/** What this client needs of a provider's discovery document (OpenID Connect Discovery 1.0). */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  end_session_endpoint?: string;
}

export interface Provider {
  metadata: ProviderMetadata;
  /** The provider's signing keys, fetched on first use and again when a token names an unknown key. */
  keys: JWTVerifyGetKey;
}

/** The client registered at the provider for one campus. */
export interface ProviderClient {
  clientId: string;
  clientSecret: string | null;
}

const TIMEOUT_MS = 10_000;
/** How long a discovery document is reused before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Clock difference allowed between the provider and this server, in seconds. */
const CLOCK_TOLERANCE_S = 30;
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A random `state`, `nonce` and PKCE verifier with its S256 challenge for one sign-in. */
export function newAuthorization() {
  const codeVerifier = base64url(randomBytes(32));
  return {
    state: base64url(randomBytes(32)),
    nonce: base64url(randomBytes(32)),
    codeVerifier,
    codeChallenge: base64url(createHash('sha256').update(codeVerifier).digest()),
  };
}

/** Why jose refused a token, in words a person or an operator can act on. */
function refusal(error: unknown, what: string): SsoError {
  if (error instanceof errors.JWTExpired) return new SsoError(`The ${what} has expired`);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss')
      return new SsoError(`The ${what} was issued by another provider than the campus's (issuer mismatch)`);
    if (error.claim === 'aud')
      return new SsoError(`The ${what} was issued to another application (audience mismatch)`);
    if (error.claim === 'iat' || error.claim === 'nbf')
      return new SsoError(`The ${what} is not valid at this time (${error.claim})`);
    return new SsoError(`The ${what} lacks a valid ${error.claim} claim`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return new SsoError(
      `The ${what} is not signed by the campus's identity provider (signature check failed)`,
    );
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return new SsoError("The identity provider's signing keys could not be read; try again shortly", true);
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return new SsoError(`The ${what} is signed with an algorithm this server does not accept`);
  if (error instanceof errors.JOSEError) return new SsoError(`The ${what} is malformed`);
  return new SsoError("The identity provider's signing keys could not be read; try again shortly", true);
}

async function readJson(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new SsoError(`The identity provider is not reachable (${what}); try again shortly`, true);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new SsoError(`The identity provider answered ${what} with ${response.status} and no JSON object`);
  }
  if (!response.ok) {
    const reason = [body.error, body.error_description].filter((part) => typeof part === 'string').join(': ');
    throw new SsoError(`The identity provider refused ${what} (${reason || response.status})`);
  }
  return body;
}

/**
 * The OpenID Connect relying party: discovery, the authorization request, the code exchange and
 * the verification of ID and logout tokens (jose: signature against the provider's JWKS, issuer,
 * audience, expiry). Discovery documents and key sets are kept per issuer.
 */
@Injectable()
export class OidcProviders {
  private readonly providers = new NearCache<string, Promise<Provider>>(DISCOVERY_TTL_MS, 500);

  /** The provider `issuer`, its discovery document read at most an hour ago. */
  provider(issuer: string): Promise<Provider> {
    const known = this.providers.get(issuer);
    if (known) return known;
    const discovered = this.discover(issuer);
    this.providers.set(issuer, discovered);
    discovered.catch(() => this.providers.delete(issuer));
    return discovered;
  }

  /** Reads the provider's discovery document again (its settings changed). */
  forget(issuer: string): void {
    this.providers.delete(issuer);
  }

  /**
   * The provider's logout address for a session this client opened (RP-Initiated Logout 1.0), or
   * null when its discovery document names no `end_session_endpoint`.
   */
  endSessionUrl(
    provider: Provider,
    request: { clientId: string; idTokenHint: string | null; postLogoutRedirectUri: string },
  ): string | null {
    if (!provider.metadata.end_session_endpoint) return null;
    const url = new URL(provider.metadata.end_session_endpoint);
    url.searchParams.set('client_id', request.clientId);
    if (request.idTokenHint) url.searchParams.set('id_token_hint', request.idTokenHint);
    url.searchParams.set('post_logout_redirect_uri', request.postLogoutRedirectUri);
    return url.toString();
  }

  authorizationUrl(
    provider: Provider,
    request: {
      clientId: string;
      redirectUri: string;
      scopes: string[];
      state: string;
      nonce: string;
      codeChallenge: string;
      prompt?: string;
    },
  ): string {
    const url = new URL(provider.metadata.authorization_endpoint);
    const scopes = request.scopes.includes('openid') ? request.scopes : ['openid', ...request.scopes];
    const params = {
      response_type: 'code',
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      scope: scopes.join(' '),
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...(request.prompt ? { prompt: request.prompt } : {}),
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  /** Exchanges an authorization code (with its PKCE verifier) for the provider's ID token. */
  async exchange(
    provider: Provider,
    client: ProviderClient,
    grant: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      code_verifier: grant.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const methods = provider.metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (client.clientSecret && methods.includes('client_secret_basic')) {
      // RFC 6749 §2.3.1: both form-encoded before the Basic encoding.
      const encode = (part: string) => encodeURIComponent(part).replace(/%20/g, '+');
      headers.authorization = `Basic ${Buffer.from(`${encode(client.clientId)}:${encode(client.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', client.clientId);
      if (client.clientSecret) form.set('client_secret', client.clientSecret);
    }
    const tokens = await readJson(
      provider.metadata.token_endpoint,
      { method: 'POST', headers, body: form.toString() },
      'the sign-in code',
    );
    if (typeof tokens.id_token !== 'string') throw new SsoError('The identity provider sent no ID token');
    return tokens.id_token;
  }

  /** The claims of an ID token meant for this sign-in; anything else is an SsoError saying why. */
  async verifyIdToken(
    provider: Provider,
    idToken: string,
    expected: { clientId: string; nonce: string },
  ): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, provider.keys, {
        issuer: provider.metadata.issuer,
        audience: expected.clientId,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw refusal(error, 'ID token');
    }
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId)
      throw new SsoError('The ID token was issued to another application (authorized party mismatch)');
    if (payload.nonce !== expected.nonce)
      throw new SsoError('The ID token belongs to another sign-in (nonce mismatch)');
    return payload;
  }

  /**
   * The subject and provider session a logout token (OpenID Connect Back-Channel Logout 1.0 §2.6)
   * ends, once its signature, issuer, audience, age, event and claims are checked.
   */
  async verifyLogoutToken(
    provider: Provider,
    logoutToken: string,
    clientId: string,
  ): Promise<{ subject: string | null; sessionId: string | null }> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(logoutToken, provider.keys, {
        issuer: provider.metadata.issuer,
        audience: clientId,
        clockTolerance: CLOCK_TOLERANCE_S,
        maxTokenAge: '10 minutes',
        requiredClaims: ['iat', 'jti'],
      }));
    } catch (error) {
      throw refusal(error, 'logout token');
    }
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events || typeof events !== 'object' || typeof events[BACKCHANNEL_LOGOUT_EVENT] !== 'object')
      throw new SsoError('The logout token carries no back-channel logout event');
    if (payload.nonce !== undefined) throw new SsoError('A logout token must not carry a nonce');
    const subject = typeof payload.sub === 'string' ? payload.sub : null;
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
    if (!subject && !sessionId) throw new SsoError('The logout token names neither a subject nor a session');
    return { subject, sessionId };
  }

  private async discover(issuer: string): Promise<Provider> {
    const address = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const metadata = await readJson(address, { headers: { accept: 'application/json' } }, 'discovery');
    if (metadata.issuer !== issuer)
      throw new SsoError(
        `The discovery document at ${address} names the issuer ${String(metadata.issuer)}, not ${issuer}`,
      );
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof metadata[endpoint] !== 'string' || !/^https?:\/\//.test(metadata[endpoint]))
        throw new SsoError(`The discovery document at ${address} has no ${endpoint}`);
    }
    const known = metadata as unknown as ProviderMetadata;
    return {
      metadata: known,
      keys: createRemoteJWKSet(new URL(known.jwks_uri), {
        timeoutDuration: TIMEOUT_MS,
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
      }),
    };
  }
}
