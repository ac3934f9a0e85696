import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A client registered at the test provider (one per campus). */
export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  backchannel_logout_uri?: string;
  post_logout_redirect_uris?: string[];
}

export type TamperMode = 'forged' | 'nonce' | 'issuer' | 'expired';

/** Where the provider sent the browser back: the `/callback` address with its code and state. */
export interface ProviderAnswer {
  url: URL;
  code: string;
  state: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, e2e/support/oidc-provider.mjs) in a child
 * process on a free port, and a person's browser at it (cookies kept) for tests without one.
 */
export class TestIdentityProvider {
  private cookies = new Map<string, string>();

  private constructor(
    private readonly child: ChildProcess,
    readonly issuer: string,
  ) {}

  static async start(clients: TestClient[]): Promise<TestIdentityProvider> {
    const child = spawn(
      process.execPath,
      [join(__dirname, 'oidc-provider.mjs'), JSON.stringify({ clients })],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) =>
        reject(new Error(`the test identity provider exited (${code}): ${errors}`)),
      );
    });
    return new TestIdentityProvider(child, (JSON.parse(line) as { issuer: string }).issuer);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill();
    await exited;
  }

  /** The next ID token the provider answers is altered so (see oidc-provider.mjs). */
  async tamper(mode: TamperMode): Promise<void> {
    const response = await fetch(`${this.issuer}/test/tamper?mode=${mode}`, { method: 'POST' });
    if (response.status !== 204) throw new Error(`tamper answered ${response.status}`);
  }

  /**
   * Follows an authorization request as a browser would, signing in as `login` when the provider
   * asks, until the provider sends the browser back to the client: that answer.
   */
  async signIn(authorizationUrl: string, login: string): Promise<ProviderAnswer> {
    let response = await this.get(authorizationUrl);
    for (let hops = 0; hops < 12; hops++) {
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, response.url || this.issuer);
        if (!next.href.startsWith(this.issuer)) return this.answer(next);
        response = await this.get(next.href);
        continue;
      }
      const html = await response.text();
      const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
      if (!form) throw new Error(`the provider showed no form: ${html.slice(0, 300)}`);
      // Its hidden fields (prompt, xsrf…) as they are, and the person's login where it asks for one.
      const fields = Object.fromEntries(
        [...form[2].matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map(
          ([, name, value]) => [name, value],
        ),
      );
      if (/name="login"/.test(form[2])) Object.assign(fields, { login, password: 'any' });
      response = await this.post(new URL(form[1].replace(/&amp;/g, '&'), this.issuer).href, fields);
    }
    throw new Error('the provider never sent the browser back');
  }

  /**
   * Signs the person out at the provider, which tells every client by back-channel logout: at its
   * own logout page, or at `logoutUrl` (a client's RP-initiated logout). Answers where the provider
   * sent the browser afterwards, if anywhere.
   */
  async signOut(logoutUrl = `${this.issuer}/session/end`): Promise<string | null> {
    const page = await (await this.get(logoutUrl)).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    if (!xsrf) throw new Error(`the provider showed no logout form: ${page.slice(0, 300)}`);
    let response = await this.post(`${this.issuer}/session/end/confirm`, { xsrf, logout: 'yes' });
    for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get('location')!, this.issuer);
      if (!next.href.startsWith(this.issuer)) return next.href;
      response = await this.get(next.href);
    }
    if (response.status >= 400) throw new Error(`logout at the provider failed: ${response.status}`);
    return null;
  }

  private answer(url: URL): ProviderAnswer {
    const error = url.searchParams.get('error');
    if (error)
      throw new Error(`the provider answered ${error}: ${url.searchParams.get('error_description')}`);
    return { url, code: url.searchParams.get('code') ?? '', state: url.searchParams.get('state') ?? '' };
  }

  private get(url: string) {
    return this.send(url, { method: 'GET' });
  }

  private post(url: string, form: Record<string, string>) {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1));
    }
    return response;
  }
}
