import { type InputAttributes, input, type UiNode } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import type { WebauthnKey } from '../webauthn.js';

/**
 * A Kratos WebAuthn trigger button: `onclick` carries the call Kratos's webauthn.js would make with
 * the options (`window.oryWebAuthnRegistration({...})`), `onclickTrigger` names it, so the console
 * runs the ceremony and submits the answer in the hidden input next to it.
 */
function trigger(name: string, call: string, options: unknown, label = TEXT.addWebauthn()): UiNode {
  const node = input('webauthn', name, 'button', { value: '', label });
  const attributes = node.attributes as InputAttributes; // input() builds input attributes
  attributes.onclick = `window.${call}(${JSON.stringify({ publicKey: options })})`;
  attributes.onclickTrigger = call;
  return node;
}

/** Settings nodes: one remove button per key, then the name field and the "Add security key" trigger. */
export function webauthnSettingsNodes(keys: WebauthnKey[], options: unknown): UiNode[] {
  return [
    ...keys.map((key) =>
      input('webauthn', 'webauthn_remove', 'submit', { value: key.id, label: TEXT.removeWebauthn(key.display_name) }),
    ),
    input('webauthn', 'webauthn_register_displayname', 'text', { value: '', label: TEXT.webauthnName() }),
    input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
    trigger('webauthn_register_trigger', 'oryWebAuthnRegistration', options),
  ];
}

/** Second-factor nodes of the login flow: the hidden answer and the "Sign in with hardware key" trigger. */
export function webauthnLoginNodes(options: unknown): UiNode[] {
  return [
    input('webauthn', 'webauthn_login', 'hidden', { value: '' }),
    trigger('webauthn_login_trigger', 'oryWebAuthnLogin', options, TEXT.webauthnLogin()),
  ];
}
