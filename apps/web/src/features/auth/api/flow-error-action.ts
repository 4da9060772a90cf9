import { FLOW_ERROR_MESSAGES } from '@mc/contracts';
import type { ProviderError } from './ory';

/** What the console does with a provider error (spec 000 §8). */
export type FlowErrorAction =
  | { do: 'redirect'; to: string }
  | { do: 'navigate'; to: string }
  | { do: 'restart'; message?: string; useFlowId?: string }
  | { do: 'show' };

/**
 * The address a session_aal2_required answer sends the browser to (000 §8: "redirect to the given
 * address"): the provider's `redirect_browser_to` (a login flow asking for the second factor), with
 * `return_to` added when the answer has none, so the person comes back after the second factor; without
 * an address, /login?aal=aal2 with return_to.
 */
function secondFactorAddress(body: ProviderError, returnTo: string): string {
  const given = body.redirect_browser_to;
  if (!given) return `/login?aal=aal2${returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : ''}`;
  if (!returnTo) return given;
  const url = new URL(given, window.location.origin);
  if (url.searchParams.has('return_to')) return given;
  url.searchParams.set('return_to', returnTo);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}

/**
 * Maps a provider answer to the spec's reaction: aal2 required → its address; session already
 * available → /; refresh required → login with refresh; expired → the fresh flow with its message;
 * CSRF violation or forbidden return_to → a new flow with the message; identity mismatch or 410 →
 * restart; location change → redirect; inactive session → login; 400 → show the returned flow.
 */
export function flowErrorAction(status: number, body: ProviderError, returnTo: string): FlowErrorAction {
  const id = body.error?.id;
  const back = returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : '';
  switch (id) {
    case 'session_aal2_required':
      return { do: 'redirect', to: secondFactorAddress(body, returnTo) };
    case 'session_already_available':
      return { do: 'navigate', to: '/' };
    case 'session_refresh_required':
      return { do: 'navigate', to: `/login?refresh=true${back}` };
    case 'self_service_flow_return_to_forbidden':
      return { do: 'restart', message: FLOW_ERROR_MESSAGES.self_service_flow_return_to_forbidden };
    case 'self_service_flow_expired':
      return { do: 'restart', message: FLOW_ERROR_MESSAGES.self_service_flow_expired, useFlowId: body.use_flow_id };
    case 'security_csrf_violation':
      return { do: 'restart', message: FLOW_ERROR_MESSAGES.security_csrf_violation };
    case 'security_identity_mismatch':
      return { do: 'restart' };
    case 'browser_location_change_required':
      return { do: 'redirect', to: body.redirect_browser_to ?? '/' };
    case 'session_inactive':
      return { do: 'navigate', to: `/login${back ? `?${back.slice(1)}` : ''}` };
    default:
      if (status === 410) return { do: 'restart' };
      return { do: 'show' };
  }
}
