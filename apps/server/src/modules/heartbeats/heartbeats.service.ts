/**
 * Heartbeat (push) checks: issuing and revoking a webhook check's token (only its SHA-256 and its first
 * characters, to list it by, are kept), and taking a call — found by the token's hash in one indexed
 * probe, rate-limited per token, run through the check type (so `test.expr` judges the body) and stored
 * as the check's result like any run, so uptime, the dashboard and notification rules see it.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  HEARTBEAT_CALLS_PER_MINUTE,
  HEARTBEAT_MAX_MESSAGE,
  HEARTBEAT_NOT_FOUND,
  HEARTBEAT_PATH,
  HEARTBEAT_TOKEN_PREFIX_LENGTH,
  type HeartbeatState,
  type HeartbeatToken,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, recordAudit } from '../../platform/audit.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import { type ResourceReach, resourceVisible } from '../../platform/resource-visibility.js';
import { inTransaction } from '../../platform/sql-transaction.js';
import { recordResult, runCheck } from '../health/index.js';
import {
  checkByTokenHash,
  liveWebhookCheck,
  revokeToken,
  storeToken,
  tokenState,
  touchToken,
} from './heartbeats.repo.js';
import { rateWindow } from './rate-window.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a call brought. */
export interface HeartbeatCallInput {
  token: string;
  /** `fail` (or `down`, `error`) reports a failure; anything else, or nothing, success. */
  status?: string | undefined;
  message?: string | undefined;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  json?: unknown;
  content?: string;
  /** Headers kept with the result: never credentials (only content type and user agent). */
  headers: Record<string, string>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const FAILING = new Set(['fail', 'failed', 'down', 'error', 'unhealthy']);

/** The heartbeats service of a database. */
export function heartbeatsService(database: Database) {
  const pool = database.pool;
  const limiter = rateWindow(HEARTBEAT_CALLS_PER_MINUTE);
  async function mustGetVisible(checkId: string, reach: ResourceReach) {
    if (!UUID.test(checkId)) throw new AppError('bad_request', `Invalid check id '${checkId.slice(0, 64)}'`);
    const check = await liveWebhookCheck(pool, checkId);
    if (!check || !(await resourceVisible(database.db, reach, 'check', checkId))) {
      throw new AppError('not_found', `No check with id ${checkId}`);
    }
    if (check.type !== 'webhook') throw new AppError('bad_request', 'Only a webhook check has a heartbeat token');
    return check;
  }
  return {
    /** Issues a new token for a webhook check, replacing (and so revoking) any earlier one. */
    async issue(checkId: string, audit: AuditContext, reach: ResourceReach): Promise<HeartbeatToken> {
      await mustGetVisible(checkId, reach);
      const token = randomBytes(32).toString('base64url');
      const prefix = token.slice(0, HEARTBEAT_TOKEN_PREFIX_LENGTH);
      const issuedAt = await inTransaction(pool, async (client) => {
        const at = await storeToken(client, checkId, { hash: hashOf(token), prefix }, actorPersonId(audit));
        // the audit row names the check and when; the token itself is never written anywhere
        await recordAudit(client, {
          ...audit,
          action: 'issue',
          target: 'heartbeat_tokens',
          ids: [checkId],
          after: { issued_at: at },
        });
        return at;
      });
      return {
        check_id: checkId,
        token,
        prefix,
        path: `${HEARTBEAT_PATH}/${token}`,
        issued_at: new Date(issuedAt).toISOString(),
      };
    },
    /** Revokes a check's token: calls with it answer 404 from now on. */
    async revoke(checkId: string, audit: AuditContext, reach: ResourceReach): Promise<void> {
      await mustGetVisible(checkId, reach);
      await inTransaction(pool, async (client) => {
        if (!(await revokeToken(client, checkId))) throw new AppError('not_found', 'This check has no live token');
        await recordAudit(client, { ...audit, action: 'revoke', target: 'heartbeat_tokens', ids: [checkId] });
      });
    },
    /** Whether a check has a live token (by its prefix) and when its last call came. */
    async state(checkId: string, reach: ResourceReach): Promise<HeartbeatState> {
      await mustGetVisible(checkId, reach);
      const row = await tokenState(pool, checkId);
      const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);
      return {
        check_id: checkId,
        active: row?.active ?? false,
        prefix: row?.active ? row.token_prefix : null,
        issued_at: iso(row?.issued_at),
        last_call_at: iso(row?.last_call_at),
      };
    },
    /**
     * Takes a call: 404 for a token no live webhook check holds (the same work and answer for unknown,
     * replaced and revoked tokens), 429 past the per-token rate, else the run recorded as the check's result.
     */
    async call(input: HeartbeatCallInput, now = new Date()): Promise<'healthy' | 'unhealthy'> {
      const hash = hashOf(input.token);
      if (!limiter.allow(hash))
        throw new AppError('too_many_requests', 'Too many calls for this token; try again in a minute');
      const check = await checkByTokenHash(pool, hash);
      if (!check) throw new AppError('not_found', HEARTBEAT_NOT_FOUND);
      const details = {
        heartbeat: {
          at: now.toISOString(),
          status: FAILING.has((input.status ?? '').toLowerCase()) ? 'fail' : 'ok',
          message: (input.message ?? '').slice(0, HEARTBEAT_MAX_MESSAGE),
        },
        json: input.json ?? {},
        content: input.content ?? '',
        headers: input.headers,
      };
      const result = await runCheck('webhook', check.spec ?? { name: check.name }, {
        egress: egressGuardFor(database),
        lastResult: async () => ({ results: details }),
        now: now.getTime(),
        namespace: check.canary_namespace,
        canary: { name: check.canary_name, namespace: check.canary_namespace },
      });
      await recordResult(database.db, check.check_id, now, result, null);
      await touchToken(pool, check.check_id, now);
      return result.status;
    },
  };
}
