import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Prefix and version of every value this module writes; a new format gets `v2`, never a silent change. */
const PREFIX = 'mcenc:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** File name of the generated key inside the data folder. */
export const SECRET_KEY_FILE = 'secret.key';

/** Raised when a value cannot be decrypted: unknown key id, tampered data or a bad key setting. */
export class SecretError extends Error {
  override name = 'SecretError';
}

/**
 * Encrypts and decrypts secret strings with AES-256-GCM. Ciphertext reads
 * `mcenc:v1:<keyId>:<base64 iv|tag|data>`: the key id lets a keyring with the previous keys read old
 * values after a rotation, and the version lets the format change without guessing.
 */
export interface SecretBox {
  /** Id of the key new values are encrypted with (first 8 hex digits of its SHA-256). */
  readonly currentKeyId: string;
  encrypt(plain: string): string;
  decrypt(value: string): string;
  /** True when the value was written by {@link SecretBox.encrypt}, with any key. */
  isEncrypted(value: string): boolean;
  /** True when the value is ciphertext of an older key (re-encrypt it to finish a rotation). */
  isStale(value: string): boolean;
}

/** A key's id: the first 8 hex digits of its SHA-256, safe to store beside the ciphertext. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function parseKey(text: string, origin: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new SecretError(`${origin} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
  }
  return key;
}

/** Builds a box from the current key and the previous ones still needed to read old values. */
export function createSecretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  const currentKeyId = keyId(current);
  const keys = new Map<string, Buffer>([[currentKeyId, current]]);
  for (const key of previous) if (!keys.has(keyId(key))) keys.set(keyId(key), key);

  const split = (value: string): { id: string; payload: Buffer } | undefined => {
    if (!value.startsWith(PREFIX)) return undefined;
    const rest = value.slice(PREFIX.length);
    const colon = rest.indexOf(':');
    if (colon < 1) return undefined;
    return { id: rest.slice(0, colon), payload: Buffer.from(rest.slice(colon + 1), 'base64') };
  };

  return {
    currentKeyId,
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(`${PREFIX}${currentKeyId}`));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${currentKeyId}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    decrypt(value) {
      const parts = split(value);
      if (!parts) throw new SecretError('Not an encrypted value');
      const key = keys.get(parts.id);
      if (!key) {
        throw new SecretError(`Encrypted with key ${parts.id}, which is not configured (see docs/secrets.md)`);
      }
      if (parts.payload.length < IV_BYTES + TAG_BYTES) throw new SecretError('Encrypted value is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, parts.payload.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(`${PREFIX}${parts.id}`));
      decipher.setAuthTag(parts.payload.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(parts.payload.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretError(`Encrypted value with key ${parts.id} failed authentication`);
      }
    },
    isEncrypted: (value) => split(value) !== undefined,
    isStale(value) {
      const parts = split(value);
      return parts !== undefined && parts.id !== currentKeyId;
    },
  };
}

/** Where the keys come from; `env` is normally `process.env`. */
export interface SecretKeySource {
  env: NodeJS.ProcessEnv;
  /** Folder of the generated key file (MC_DATA_DIR, also when DATABASE_URL is set). */
  dataDir: string;
}

/**
 * Loads the keyring. `MC_SECRET_KEY` (base64, 32 bytes) wins; otherwise the key file
 * `<dataDir>/secret.key` is read, or generated with mode 0600 on first use. `MC_SECRET_KEY_PREVIOUS`
 * (comma-separated) and further lines of the key file are older keys kept to read old values.
 */
export function loadSecretBox(source: SecretKeySource): SecretBox {
  const previous = (source.env.MC_SECRET_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((text) => text.trim() !== '')
    .map((text) => parseKey(text, 'MC_SECRET_KEY_PREVIOUS'));
  const fromEnv = source.env.MC_SECRET_KEY?.trim();
  if (fromEnv) return createSecretBox(parseKey(fromEnv, 'MC_SECRET_KEY'), previous);

  const path = join(source.dataDir, SECRET_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(source.dataDir, { recursive: true });
    try {
      writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // writeFileSync throws Node system errors; EEXIST means another process created it first: read theirs below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const [first, ...older] = lines;
  if (!first) throw new SecretError(`${path} is empty`);
  return createSecretBox(parseKey(first, path), [...older.map((line) => parseKey(line, path)), ...previous]);
}
