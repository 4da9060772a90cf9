import type { FlowRow } from '../flows/flow.repo.js';
import type { FlowContext, FlowOutcome } from '../flows/flow-context.js';
import { TEXT } from '../kratos/ui-text.js';
import { authorizationRequest } from './oidc-client.js';
import { findProvider } from './oidc-providers.js';

/**
 * Sends the browser to the provider's authorization page: state, nonce and the PKCE verifier stay
 * in the flow (server side) until the callback. Only browser flows: the callback needs the browser's
 * CSRF cookie to prove it is the same browser.
 */
export async function startOidc(ctx: FlowContext, flow: FlowRow, providerId: string | undefined): Promise<FlowOutcome> {
  const provider = findProvider(ctx.config, providerId);
  if (!provider || flow.type !== 'browser') {
    flow.ui.messages = [TEXT.noLoginStrategy()];
    return { kind: 'invalid' };
  }
  try {
    const { url, pending } = await authorizationRequest(provider, ctx.baseUrl, flow.id);
    flow.internal = { ...flow.internal, oidc: pending };
    return { kind: 'redirect', to: url };
  } catch (error) {
    ctx.log.warn('the OpenID Connect provider is not reachable', { provider: provider.id, error });
    flow.ui.messages = [TEXT.validation(`${provider.id} is not reachable at the moment, please try again later.`)];
    return { kind: 'invalid' };
  }
}
