import type { CredentialRow, Traits } from '../identity.repo.js';
import { imageNode, input, textNode, type UiNode } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { totpQr } from '../second-factor.js';

/** Profile nodes with the current traits. */
export function profileNodes(traits: Traits): UiNode[] {
  return [
    input('profile', 'traits.email', 'email', {
      value: traits.email,
      required: true,
      autocomplete: 'email',
      label: TEXT.generated('E-Mail'),
    }),
    input('profile', 'traits.name.first', 'text', { value: traits.name.first, label: TEXT.generated('First Name') }),
    input('profile', 'traits.name.last', 'text', { value: traits.name.last, label: TEXT.generated('Last Name') }),
    input('profile', 'method', 'submit', { value: 'profile', label: TEXT.save() }),
  ];
}

/** Change-password nodes. */
export function passwordNodes(): UiNode[] {
  return [
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: TEXT.password() }),
    input('password', 'method', 'submit', { value: 'password', label: TEXT.save() }),
  ];
}

/** TOTP nodes: unlink when linked; otherwise the QR code, the secret and a code field to link. */
export async function totpNodes(
  credentials: CredentialRow[],
  pendingSecret: string,
  account: string,
): Promise<UiNode[]> {
  if (credentials.some((c) => c.type === 'totp')) {
    return [input('totp', 'totp_unlink', 'submit', { value: 'true', label: TEXT.unlinkTotp() })];
  }
  const qr = await totpQr(pendingSecret, account);
  return [
    imageNode('totp', 'totp_qr', qr.dataUrl, TEXT.totpQr()),
    textNode('totp', 'totp_secret_key', TEXT.totpSecret(pendingSecret), TEXT.totpSecretLabel()),
    input('totp', 'totp_code', 'text', { required: true, autocomplete: 'one-time-code', label: TEXT.verifyCode() }),
    input('totp', 'method', 'submit', { value: 'totp', label: TEXT.save() }),
  ];
}

/** Backup-code nodes: the fresh codes to confirm, or a button to generate new ones. */
export function lookupNodes(pendingCodes: string[] | undefined): UiNode[] {
  if (pendingCodes) {
    return [
      textNode('lookup_secret', 'lookup_secret_codes', TEXT.lookupSecrets(pendingCodes)),
      input('lookup_secret', 'lookup_secret_confirm', 'submit', { value: 'true', label: TEXT.confirmLookup() }),
      input('lookup_secret', 'method', 'hidden', { value: 'lookup_secret' }),
    ];
  }
  return [
    input('lookup_secret', 'lookup_secret_regenerate', 'submit', { value: 'true', label: TEXT.regenerateLookup() }),
    input('lookup_secret', 'method', 'hidden', { value: 'lookup_secret' }),
  ];
}
