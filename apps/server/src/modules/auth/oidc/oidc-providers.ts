import { z } from 'zod';
import type { Config } from '../../../platform/config.js';

const providerSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'id must be lower-case letters, digits, - or _'),
  label: z.string().min(1).max(60).optional(),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scopes: z.array(z.string().min(1)).default(['openid', 'email', 'profile']),
});

/** One OpenID Connect provider people can sign in with and link (MC_OIDC_PROVIDERS). */
export type OidcProvider = z.infer<typeof providerSchema>;

let cached: { raw: string | undefined; providers: OidcProvider[] } | undefined;

/**
 * The providers configured in MC_OIDC_PROVIDERS, a JSON array of
 * `{id, label?, issuer, client_id, client_secret, scopes?}`. A bad value stops the server at start
 * (the identity module reads it once then) with a message naming the variable.
 */
export function oidcProviders(config: Config): OidcProvider[] {
  if (cached && cached.raw === config.MC_OIDC_PROVIDERS) return cached.providers;
  let providers: OidcProvider[] = [];
  if (config.MC_OIDC_PROVIDERS) {
    let json: unknown;
    try {
      json = JSON.parse(config.MC_OIDC_PROVIDERS);
    } catch {
      throw new Error('MC_OIDC_PROVIDERS must be a JSON array of {id, issuer, client_id, client_secret, scopes?}');
    }
    const parsed = z.array(providerSchema).safeParse(json);
    if (!parsed.success)
      throw new Error(`MC_OIDC_PROVIDERS is invalid: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    providers = parsed.data;
  }
  cached = { raw: config.MC_OIDC_PROVIDERS, providers };
  return providers;
}

/** The provider of an id, if configured. */
export function findProvider(config: Config, id: string | undefined): OidcProvider | undefined {
  return oidcProviders(config).find((p) => p.id === id);
}

/** The name shown on buttons: the label, else the id with a capital. */
export function providerName(provider: OidcProvider): string {
  return provider.label ?? provider.id.charAt(0).toUpperCase() + provider.id.slice(1);
}
