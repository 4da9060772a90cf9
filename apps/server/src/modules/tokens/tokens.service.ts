import type { Database, Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { type AuditContext, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { API_TOKEN_PREFIX, randomToken, sha256 } from '../../platform/tokens.js';
import {
  findTokenPerson as findLiveTokenPerson,
  insertToken,
  listTokens,
  revokeToken,
  type TokenRow,
  touchToken as touchTokenRow,
} from './tokens.repo.js';

export type { TokenRow };

/** API tokens of a person: the secret is shown once and only its hash is stored; each change is audited. */
export function tokensService(database: Database) {
  return {
    /** Creates a token acting as `personId`; returns the row and the secret (never readable again). */
    async create(
      personId: string,
      input: { name: string; expiresInDays?: number | null },
      audit: AuditContext,
    ): Promise<{ row: TokenRow; secret: string }> {
      const secret = randomToken(API_TOKEN_PREFIX);
      const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
      return auditedTransaction(database, audit, async (tx) => {
        const row = await insertToken(tx.db, {
          name: input.name,
          valueHash: sha256(secret),
          personId,
          expiresAt,
        });
        return {
          value: { row, secret },
          audit: { action: 'create', target: 'access_tokens', ids: [row.id], after: { ...row, person_id: personId } },
        };
      });
    },
    /** The live tokens of a person, newest first (never their secrets). */
    list(personId: string): Promise<TokenRow[]> {
      return listTokens(database.db, personId);
    },
    /** Revokes one of the person's live tokens. */
    async revoke(personId: string, id: string, audit: AuditContext): Promise<void> {
      await auditedTransaction(database, audit, async (tx) => {
        if (!(await revokeToken(tx.db, personId, id))) throw new AppError('not_found', 'No such API token');
        return { value: undefined, audit: { action: 'delete', target: 'access_tokens', ids: [id], before: { id } } };
      });
    },
  };
}

/** The person a live token (not revoked, not expired, its person not deleted) acts for, by the hash of its secret. */
export function findTokenPerson(
  db: Kysely<Tables>,
  valueHash: string,
): Promise<{ id: string; person_id: string } | undefined> {
  return findLiveTokenPerson(db, valueHash);
}

/** Notes that a token was used (at most once a minute per token, so a busy script does not write on every call). */
export function touchToken(db: Kysely<Tables>, id: string): Promise<void> {
  return touchTokenRow(db, id);
}
