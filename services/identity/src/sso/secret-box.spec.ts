import { SecretBox, UnreadableSecretError } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('the key material of this deployment');

  it('seals a secret so that it opens again, never twice alike and never in the clear', () => {
    const first = box.seal('campus-client-secret');
    const second = box.seal('campus-client-secret');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('campus-client-secret');
    expect(box.open(first)).toBe('campus-client-secret');
    expect(box.open(second)).toBe('campus-client-secret');
  });

  it('reads a value stored before sealing existed as it is', () => {
    expect(SecretBox.isSealed('an-old-plain-secret')).toBe(false);
    expect(box.open('an-old-plain-secret')).toBe('an-old-plain-secret');
  });

  it('refuses a value sealed under another key, or altered', () => {
    const sealed = box.seal('campus-client-secret');
    expect(() => new SecretBox('another key').open(sealed)).toThrow(UnreadableSecretError);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1.${bytes.toString('base64url')}`)).toThrow('was SECRETS_KEY changed?');
  });
});
