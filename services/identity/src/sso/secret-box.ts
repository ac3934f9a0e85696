import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that this key does not open (the key changed, or the value was altered). */
export class UnreadableSecretError extends Error {}

/**
 * Seals the secrets identity keeps in its database (a campus's OpenID client secret) with
 * AES-256-GCM, under a key derived from `SECRETS_KEY` (or the key kept under DATA_DIR/keys): a
 * dump or a read-only view of the database does not give them away. A sealed value is
 * `v1.` + base64url(iv ‖ tag ‖ ciphertext); a value without the prefix was stored before sealing
 * existed and is read as it is (and sealed at the next boot, `SsoService.onApplicationBootstrap`).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = createHash('sha256').update(keyMaterial).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  open(stored: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnreadableSecretError(
        'a stored secret does not open with this key: was SECRETS_KEY changed?',
      );
    }
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(VERSION);
  }
}
