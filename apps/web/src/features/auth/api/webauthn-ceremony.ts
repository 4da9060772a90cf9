/** The hidden input each WebAuthn trigger fills with the authenticator's answer (Kratos's names). */
export const WEBAUTHN_ANSWER_FIELD: Record<string, string> = {
  oryWebAuthnRegistration: 'webauthn_register',
  oryWebAuthnLogin: 'webauthn_login',
};

/**
 * Runs the WebAuthn ceremony a trigger node describes: its `onclick` is Kratos's
 * `window.oryWebAuthnRegistration({publicKey})` (or `…Login`), whose options go to the browser's
 * authenticator through @simplewebauthn/browser (loaded only when a key is used). Answers the
 * JSON to submit in the trigger's hidden input.
 */
export async function runWebauthnCeremony(trigger: string, onclick: string): Promise<string> {
  const start = onclick.indexOf('(');
  const { publicKey } = JSON.parse(onclick.slice(start + 1, onclick.lastIndexOf(')'))) as { publicKey: never }; // options JSON from the provider, checked by the browser API
  const webauthn = await import('@simplewebauthn/browser');
  const answer =
    trigger === 'oryWebAuthnLogin'
      ? await webauthn.startAuthentication({ optionsJSON: publicKey })
      : await webauthn.startRegistration({ optionsJSON: publicKey });
  return JSON.stringify(answer);
}
