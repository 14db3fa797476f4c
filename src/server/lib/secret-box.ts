import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (channel tokens, webhook signing secrets, feed tokens): AES-256-GCM under a
 * key derived with HKDF-SHA256 from APP_SECRET. A stored value is
 * `enc:v1:` + base64url(12-byte IV ‖ ciphertext ‖ 16-byte tag); the version names the scheme,
 * so another can follow, and tells a sealed value from plaintext written before sealing began
 * (docs/decisions/020-private-files-and-secrets-at-rest.md).
 */
export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret that the key cannot open: APP_SECRET is not the key that sealed it. */
export class SecretKeyError extends Error {
  constructor() {
    super(
      'a stored secret cannot be decrypted with this APP_SECRET: it is not the key that ' +
        'encrypted them. Set APP_SECRET to the key the database was first used with ' +
        '(on a single machine, the one in $DATA_DIR/app-secret).',
    );
    this.name = 'SecretKeyError';
  }
}

export type SecretBox = {
  /** The value sealed (a fresh IV each time: sealing one value twice gives two texts). */
  seal(plain: string): string;
  /** The value in clear; plaintext from before sealing began is returned as it is. */
  open(stored: string): string;
  /** Whether a stored value is sealed already. */
  isSealed(stored: string): boolean;
};

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', appSecret, 'earshot', 'earshot secrets at rest v1', 32),
  );
  const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);
  return {
    isSealed,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretKeyError();
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretKeyError();
      }
    },
  };
}

/** SHA-256 of a random token, hex: what is stored of a credential that is looked up. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
