import type { Database } from '@mc/db';
import { type AuditContext, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { API_TOKEN_PREFIX, randomToken, sha256 } from '../../platform/tokens.js';
import { insertToken, revokeToken, type TokenRow } from './tokens.repo.js';

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
    /** Revokes one of the person's live tokens. */
    async revoke(personId: string, id: string, audit: AuditContext): Promise<void> {
      await auditedTransaction(database, audit, async (tx) => {
        if (!(await revokeToken(tx.db, personId, id))) throw new AppError('not_found', 'No such API token');
        return { value: undefined, audit: { action: 'delete', target: 'access_tokens', ids: [id], before: { id } } };
      });
    },
  };
}
