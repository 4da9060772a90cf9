import { addResponderSchema, createCommentSchema } from '@mc/contracts';
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.js';
import { parseInput } from './incident-input.js';
import { inIncidentTx, type WriteContext } from './incident-tx.js';
import { personExists, teamExists } from './incidents.repo.js';
import { requireId, requireIncident } from './incidents.service.js';
import { requireOwnHypothesis } from './investigation.service.js';
import {
  type CommentRow,
  findResponder,
  findResponderFor,
  insertComment,
  insertResponder,
  type ResponderRow,
  removeResponder,
} from './responders.repo.js';

type Db = Kysely<Tables>;

/** Responders (people or teams) and comments (on the incident or one of its hypotheses). */
export function participationService(db: Db) {
  return {
    /** Adds a person or team as responder; the same one twice is a 409. */
    async addResponder(incidentId: string, body: unknown, ctx: WriteContext): Promise<ResponderRow> {
      const who = parseInput(addResponderSchema, body);
      return inIncidentTx(db, ctx, { action: 'responder.create', target: 'responders' }, async (trx, personId) => {
        await requireIncident(trx, incidentId, true);
        if (who.person_id && !(await personExists(trx, who.person_id))) {
          throw new AppError('bad_request', `No person with id ${who.person_id}`);
        }
        if (who.team_id && !(await teamExists(trx, who.team_id)))
          throw new AppError('bad_request', `No team with id ${who.team_id}`);
        if (await findResponderFor(trx, incidentId, who))
          throw new AppError('conflict', 'Already a responder of this incident');
        const row = await insertResponder(
          trx,
          {
            incident_id: incidentId,
            type: who.person_id ? 'person' : 'team',
            person_id: who.person_id ?? null,
            team_id: who.team_id ?? null,
          },
          personId,
        );
        return { result: row, records: [{ id: row.id, before: null, after: { ...row } }] };
      });
    },

    /** Removes a responder. */
    async removeResponder(incidentId: string, id: string, ctx: WriteContext): Promise<void> {
      await inIncidentTx(db, ctx, { action: 'responder.delete', target: 'responders' }, async (trx) => {
        await requireIncident(trx, incidentId, true);
        const before = await findResponder(trx, incidentId, requireId(id, 'Responder'));
        if (!before) throw new AppError('not_found', 'Responder not found');
        await removeResponder(trx, id);
        return { result: undefined, records: [{ id, before: { ...before }, after: null }] };
      });
    },

    /** Comments on the incident or on one of its hypotheses, as the signed-in person (their responder row if any). */
    async comment(incidentId: string, body: unknown, ctx: WriteContext): Promise<CommentRow> {
      const values = parseInput(createCommentSchema, body);
      return inIncidentTx(db, ctx, { action: 'comment.create', target: 'comments' }, async (trx, personId) => {
        await requireIncident(trx, incidentId, true);
        if (values.hypothesis_id) await requireOwnHypothesis(trx, incidentId, values.hypothesis_id);
        const responder = await findResponderFor(trx, incidentId, { person_id: personId });
        const row = await insertComment(
          trx,
          {
            incident_id: incidentId,
            hypothesis_id: values.hypothesis_id ?? null,
            responder_id: responder?.id ?? null,
            comment: values.comment,
            public: values.public,
          },
          personId,
        );
        return { result: row, records: [{ id: row.id, before: null, after: { ...row } }] };
      });
    },
  };
}
