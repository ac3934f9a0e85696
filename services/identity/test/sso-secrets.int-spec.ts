import { SecretBox } from '../src/sso/secret-box';
import { SsoService } from '../src/sso/sso.service';
import { IdentityHarness } from './support/harness';

describe("campuses' OpenID client secrets at rest", () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const stored = async (id: number) =>
    (
      (await h.ds.query('SELECT sso_client_secret AS secret FROM tenants WHERE id = $1', [id])) as Array<{
        secret: string | null;
      }>
    )[0].secret;

  it('seals at boot the secrets stored in the clear before, once, and leaves sealed ones and campuses without one alone', async () => {
    const legacy = await h.campus();
    const sealedBefore = await h.campus();
    const none = await h.campus();
    const box = h.app.get(SecretBox);
    const alreadySealed = box.seal('sealed-earlier');
    await h.ds.query('UPDATE tenants SET sso_client_secret = $1 WHERE id = $2', [
      'plain-old-secret',
      legacy.id,
    ]);
    await h.ds.query('UPDATE tenants SET sso_client_secret = $1 WHERE id = $2', [
      alreadySealed,
      sealedBefore.id,
    ]);

    await h.app.get(SsoService).onApplicationBootstrap();
    const sealed = await stored(legacy.id);
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed!)).toBe('plain-old-secret');
    expect(await stored(sealedBefore.id)).toBe(alreadySealed);
    expect(await stored(none.id)).toBeNull();

    await h.app.get(SsoService).onApplicationBootstrap();
    expect(await stored(legacy.id)).toBe(sealed);
  });
});
