import { input, type UiNode } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { type OidcProvider, providerName } from './oidc-providers.js';

/** One "Sign in with …" (login) or "Sign up with …" (registration) button per configured provider. */
export function oidcStartNodes(providers: OidcProvider[], kind: 'login' | 'registration'): UiNode[] {
  return providers.map((provider) =>
    input('oidc', 'provider', 'submit', {
      value: provider.id,
      label: kind === 'login' ? TEXT.signInWith(providerName(provider)) : TEXT.signUpWith(providerName(provider)),
    }),
  );
}

/** Settings: "Link …" for providers not linked yet, "Unlink …" for linked ones. */
export function oidcSettingsNodes(providers: OidcProvider[], linked: string[]): UiNode[] {
  return providers.map((provider) =>
    linked.includes(provider.id)
      ? input('oidc', 'unlink', 'submit', { value: provider.id, label: TEXT.unlinkOidc(providerName(provider)) })
      : input('oidc', 'link', 'submit', { value: provider.id, label: TEXT.linkOidc(providerName(provider)) }),
  );
}
