import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyId, loadSecretBox, SECRET_KEY_FILE, SecretError } from './secrets.js';

const newKey = () => randomBytes(32);

describe('secret box', () => {
  it('round-trips, and the ciphertext names version and key but not the value', () => {
    const key = newKey();
    const box = createSecretBox(key);
    const sealed = box.encrypt('hunter2');
    expect(sealed).toMatch(new RegExp(`^mcenc:v1:${keyId(key)}:`));
    expect(sealed).not.toContain('hunter2');
    expect(box.encrypt('hunter2')).not.toBe(sealed);
    expect(box.decrypt(sealed)).toBe('hunter2');
    expect(box.isEncrypted(sealed)).toBe(true);
    expect(box.isEncrypted('hunter2')).toBe(false);
  });

  it('reads values of a previous key after rotation and marks them stale', () => {
    const oldKey = newKey();
    const sealed = createSecretBox(oldKey).encrypt('s3cret');
    const rotated = createSecretBox(newKey(), [oldKey]);
    expect(rotated.decrypt(sealed)).toBe('s3cret');
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.isStale(rotated.encrypt('x'))).toBe(false);
  });

  it('refuses an unknown key and tampered data with clear messages', () => {
    const sealed = createSecretBox(newKey()).encrypt('s3cret');
    expect(() => createSecretBox(newKey()).decrypt(sealed)).toThrow(/which is not configured/);
    const key = newKey();
    const box = createSecretBox(key);
    const good = box.encrypt('s3cret');
    const tampered = `${good.slice(0, -4)}AAAA`;
    expect(() => box.decrypt(tampered)).toThrow(SecretError);
  });
});

describe('loadSecretBox', () => {
  it('uses MC_SECRET_KEY and rejects a key of the wrong size', () => {
    const key = newKey();
    const box = loadSecretBox({ env: { MC_SECRET_KEY: key.toString('base64') }, dataDir: '/nonexistent' });
    expect(box.currentKeyId).toBe(keyId(key));
    expect(() => loadSecretBox({ env: { MC_SECRET_KEY: 'c2hvcnQ=' }, dataDir: '/x' })).toThrow(
      /MC_SECRET_KEY must be 32 bytes in base64/,
    );
  });

  it('generates a key file with mode 0600 once and reuses it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mc-secrets-')), 'data');
    const first = loadSecretBox({ env: {}, dataDir: dir });
    const path = join(dir, SECRET_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadSecretBox({ env: {}, dataDir: dir });
    expect(second.currentKeyId).toBe(first.currentKeyId);
    expect(second.decrypt(first.encrypt('v'))).toBe('v');
    expect(readFileSync(path, 'utf8').trim()).toHaveLength(44);
  });

  it('keeps older keys listed after the first line of the key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-secrets-'));
    const oldKey = newKey();
    const sealed = createSecretBox(oldKey).encrypt('old');
    writeFileSync(join(dir, SECRET_KEY_FILE), `${newKey().toString('base64')}\n${oldKey.toString('base64')}\n`);
    expect(loadSecretBox({ env: {}, dataDir: dir }).decrypt(sealed)).toBe('old');
  });

  it('reads MC_SECRET_KEY_PREVIOUS for rotation', () => {
    const oldKey = newKey();
    const sealed = createSecretBox(oldKey).encrypt('old');
    const box = loadSecretBox({
      env: { MC_SECRET_KEY: newKey().toString('base64'), MC_SECRET_KEY_PREVIOUS: oldKey.toString('base64') },
      dataDir: '/x',
    });
    expect(box.decrypt(sealed)).toBe('old');
  });
});
