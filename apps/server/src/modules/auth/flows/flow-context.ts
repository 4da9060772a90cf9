import type { Config } from '../../../platform/config.js';
import type { Logger } from '../../../platform/logger.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { Db } from '../identity.repo.js';
import type { UiContainer, UiNode } from '../kratos/ui-node.js';
import type { UiText } from '../kratos/ui-text.js';
import type { CurrentSession, IssuedSession } from '../session.service.js';
import type { FlowKind, FlowRow } from './flow.repo.js';

/** What every flow handler can use for one request. */
export interface FlowContext {
  db: Db;
  config: Config;
  log: Logger;
  mailer: Mailer;
  /** The session the request carries (cookie for browser flows, token for api flows). */
  current?: CurrentSession;
  /** Public base URL of the server (MC_PUBLIC_URL or the request's origin). */
  baseUrl: string;
  requestUrl: string;
  type: 'browser' | 'api';
  /** The browser's CSRF cookie value (browser flows only). */
  csrfToken: string;
  userAgent?: string;
  ip?: string;
  /** The request's id, for the audit row of a successful submission. */
  requestId?: string;
}

/** What a handler returns to start a flow. */
export interface FlowInit {
  state: string;
  nodes: UiNode[];
  messages?: UiText[];
  refresh?: boolean;
  requestedAal?: 'aal1' | 'aal2';
  identityId?: string | null;
  sessionId?: string | null;
  internal?: Record<string, unknown>;
}

/** The outcome of a submission. */
export type FlowOutcome =
  /** Validation failed: answer the flow (its ui now carries messages) with this status. */
  | { kind: 'invalid'; status?: 400 | 429 }
  /** The flow moved on (code sent, settings saved): answer the flow with 200; `issued` rotates the session. */
  | { kind: 'updated'; issued?: IssuedSession }
  /** Signed in or registered: a new session. */
  | { kind: 'session'; issued: IssuedSession; identityId: string; continueWith?: Record<string, unknown>[] }
  /** Registered without a session: continue to verify the address (`identityId` only when an identity was created). */
  | { kind: 'continue'; identityId?: string; continueWith: Record<string, unknown>[] }
  /** Continue elsewhere (recovery → settings): browser location change. */
  | { kind: 'redirect'; to: string; issued?: IssuedSession; continueWith?: Record<string, unknown>[] };

/** Flat submitted fields: nested JSON (`traits.name.first`) and form fields share one shape. */
export type Submission = Record<string, string>;

/** One self-service flow kind: how to start it and how to process a submission. */
export interface FlowHandler {
  kind: FlowKind;
  /** Console page that renders the flow (`/login`). */
  uiPath: string;
  /** Whether starting this flow needs a session (settings). */
  needsSession: boolean;
  init(ctx: FlowContext, params: URLSearchParams): Promise<FlowInit>;
  submit(ctx: FlowContext, flow: FlowRow, body: Submission): Promise<FlowOutcome>;
  /** The Kratos text for "this flow expired N minutes ago". */
  expiredText(minutes: number): UiText;
  /** Extra fields of the flow's JSON (the settings flow adds its identity). */
  extras?(ctx: FlowContext, flow: FlowRow): Promise<Record<string, unknown>>;
}

/** The `ui.action` of a flow. */
export function flowAction(baseUrl: string, kind: FlowKind, id: string): string {
  return `${baseUrl}/api/.ory/self-service/${kind}?flow=${id}`;
}

/** The ui container of a new flow. */
export function newUi(baseUrl: string, kind: FlowKind, id: string, init: FlowInit): UiContainer {
  return {
    action: flowAction(baseUrl, kind, id),
    method: 'POST',
    nodes: init.nodes,
    ...(init.messages ? { messages: init.messages } : {}),
  };
}
