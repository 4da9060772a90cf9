import { ORY_BASE_PATH } from '@mc/contracts';
import { resolveApiUrl } from '../../../lib/api/client';

/** A UI text of the identity provider. */
export interface UiText {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
}

/** A UI node of a flow (the shapes of @ory/client-fetch's UiNode). */
export interface UiNode {
  type: 'input' | 'text' | 'img' | 'a' | 'script';
  group: string;
  attributes: {
    name?: string;
    type?: string;
    value?: unknown;
    required?: boolean;
    disabled?: boolean;
    autocomplete?: string;
    /** WebAuthn triggers: the call Kratos's webauthn.js would make, and its name. */
    onclick?: string;
    onclickTrigger?: string;
    id?: string;
    src?: string;
    text?: UiText;
  };
  messages: UiText[];
  meta: { label?: UiText };
}

/** A self-service flow as the provider answers it. */
export interface Flow {
  id: string;
  type: 'browser' | 'api';
  state: string;
  return_to?: string;
  refresh?: boolean;
  requested_aal?: 'aal1' | 'aal2';
  ui: { action: string; method: string; nodes: UiNode[]; messages?: UiText[] };
}

/** Kinds of self-service flow. */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** A provider error body (`{error: {id, code, reason, message}}` plus extras). */
export interface ProviderError {
  error?: { id?: string; code?: number; message?: string; reason?: string };
  redirect_browser_to?: string;
  use_flow_id?: string;
}

/** An answer of the provider: status and JSON body, never thrown for 4xx (flows carry messages). */
export interface OryAnswer<T> {
  status: number;
  body: T;
}

async function call<T>(path: string, init: RequestInit = {}): Promise<OryAnswer<T>> {
  const response = await fetch(resolveApiUrl(`${ORY_BASE_PATH}${path}`), {
    ...init,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T }; // the provider answers JSON
}

/** Starts a browser flow (`GET /self-service/{kind}/browser`). */
export function createFlow(kind: FlowKind, params: URLSearchParams): Promise<OryAnswer<Flow & ProviderError>> {
  const query = params.toString();
  return call(`/self-service/${kind}/browser${query ? `?${query}` : ''}`);
}

/** Reads a flow by id. */
export function getFlow(kind: FlowKind, id: string): Promise<OryAnswer<Flow & ProviderError>> {
  return call(`/self-service/${kind}/flows?id=${encodeURIComponent(id)}`);
}

/** Submits a flow's form. */
export function updateFlow(
  kind: FlowKind,
  id: string,
  body: Record<string, unknown>,
): Promise<OryAnswer<Flow & ProviderError & { continue_with?: { action: string; redirect_browser_to?: string }[] }>> {
  return call(`/self-service/${kind}?flow=${encodeURIComponent(id)}`, { method: 'POST', body: JSON.stringify(body) });
}

/** The session check (`GET /sessions/whoami`). */
export function whoamiSession(): Promise<OryAnswer<ProviderError & { id?: string }>> {
  return call('/sessions/whoami');
}

/** A stored flow error (`GET /self-service/errors?id=`). */
export function getFlowError(
  id: string,
): Promise<OryAnswer<{ id?: string; error?: { message?: string; reason?: string; id?: string } }>> {
  return call(`/self-service/errors?id=${encodeURIComponent(id)}`);
}
