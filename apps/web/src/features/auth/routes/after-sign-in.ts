import type { Flow, OryAnswer, ProviderError } from '../api/ory';

/** Where to go after signing in or registering: return_to, else the provider's redirect, else home. */
export function afterSignIn(
  answer: OryAnswer<Flow & ProviderError & { continue_with?: { action: string; redirect_browser_to?: string }[] }>,
  returnTo: string | null,
): string {
  if (returnTo?.startsWith('/') && !returnTo.startsWith('//')) return returnTo;
  const redirect = answer.body.continue_with?.find((c) => c.action === 'redirect_browser_to')?.redirect_browser_to;
  if (redirect) {
    try {
      const url = new URL(redirect, window.location.origin);
      if (url.origin === window.location.origin) return `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return '/';
    }
  }
  return '/';
}
