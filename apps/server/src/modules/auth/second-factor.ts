import { randomBytes } from 'node:crypto';
import { AUTH_LIMITS } from '@mc/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../platform/tokens.js';
import { type CredentialRow, compareAndSetCredentialConfig, type Db } from './identity.repo.js';

/** TOTP credential config: the base32 secret and the last time step accepted (replay guard). */
export interface TotpConfig {
  secret: string;
  last_step?: number;
}

/** One backup (lookup secret) code: its hash and when it was used. */
export interface LookupCode {
  hash: string;
  used_at?: string;
}

const PERIOD = 30;

function totpOf(secret: string, label = 'Mission Control'): TOTP {
  return new TOTP({
    issuer: 'Mission Control',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random TOTP secret (base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and a QR-code data URL of it, for the settings page. */
export async function totpQr(secret: string, accountName: string): Promise<{ uri: string; dataUrl: string }> {
  const uri = totpOf(secret, accountName).toString();
  return { uri, dataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 256 }) };
}

/** The time step a code belongs to (±1 step of drift), or null when it is wrong. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The current code of a secret (tests and the e2e authenticator). */
export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

/**
 * Accepts a TOTP code once: the step must be newer than the last accepted one, and the update is a
 * compare-and-set on the credential version, so a replayed or raced code fails.
 */
export async function consumeTotp(db: Db, credential: CredentialRow, code: string): Promise<boolean> {
  const config = credential.config as unknown as TotpConfig; // the totp credential's config has this shape
  const step = totpStep(config.secret, code);
  if (step === null || (config.last_step !== undefined && step <= config.last_step)) return false;
  return compareAndSetCredentialConfig(db, credential.id, credential.version, { ...config, last_step: step });
}

/** New backup codes, shown once before the user confirms them. */
export function newLookupCodes(): string[] {
  return Array.from({ length: AUTH_LIMITS.backupCodeCount }, () => randomBytes(5).toString('hex').slice(0, 8));
}

/** The stored form of backup codes: hashes only. */
export function lookupConfigOf(codes: readonly string[]): { codes: LookupCode[] } {
  return { codes: codes.map((code) => ({ hash: sha256(code) })) };
}

/** Uses one backup code: 'ok', 'used' (already spent) or 'invalid'. Compare-and-set as for TOTP. */
export async function consumeLookup(
  db: Db,
  credential: CredentialRow,
  code: string,
): Promise<'ok' | 'used' | 'invalid'> {
  const config = credential.config as unknown as { codes: LookupCode[] }; // the lookup_secret credential's config
  const hash = sha256(code.trim().toLowerCase());
  const index = config.codes.findIndex((c) => c.hash === hash);
  if (index < 0) return 'invalid';
  if (config.codes[index]?.used_at) return 'used';
  const codes = config.codes.map((c, i) => (i === index ? { ...c, used_at: new Date().toISOString() } : c));
  return (await compareAndSetCredentialConfig(db, credential.id, credential.version, { codes })) ? 'ok' : 'used';
}
