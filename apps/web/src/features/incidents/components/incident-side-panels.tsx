import type { IncidentCommentView, IncidentDetail, IncidentHistoryView } from '@mc/contracts';
import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { FieldError, useFieldProblem } from '../../../components/field-error';
import { ComboBox } from '../../../components/ui/combobox';
import { useFormatDateTime } from '../../../lib/date-format';
import type { useIncidentWrite } from '../api/incident-mutations';
import { usePeople, useTeams } from '../api/lookups';
import { commentProblem } from './input-problems';

type Write = ReturnType<typeof useIncidentWrite>;

/** People and teams responding; writers add and remove them. */
export function RespondersPanel({
  incident,
  canWrite,
  write,
}: {
  incident: IncidentDetail['incident'];
  canWrite: boolean;
  write: Write;
}) {
  const people = usePeople('');
  const teams = useTeams();
  const [choice, setChoice] = useState('');
  return (
    <section aria-label="Responders" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">Responders</h2>
      <ul className="flex flex-col gap-1">
        {incident.responders.map((r) => (
          <li key={r.responder_id ?? r.id} className="flex items-center gap-2 text-sm">
            <Avatar user={r} size="sm" />
            <span className="flex-1">
              {r.name} <span className="text-xs text-fg-subtle">({r.type})</span>
            </span>
            {canWrite && r.responder_id ? (
              <button
                type="button"
                className="text-xs text-status-unhealthy"
                onClick={() => write.mutate({ method: 'DELETE', path: `responders/${r.responder_id}` })}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite ? (
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const [kind, id] = choice.split(':');
            if (!id) return;
            write.mutate({
              method: 'POST',
              path: 'responders',
              body: kind === 'team' ? { team_id: id } : { person_id: id },
            });
            setChoice('');
          }}
        >
          <ComboBox
            label="Add responder"
            hideLabel
            value={choice}
            onChange={setChoice}
            placeholder="Add a person or team"
            className="flex-1"
            choices={[
              ...(people.data ?? []).map((p) => ({ value: `person:${p.id}`, label: p.name })),
              ...(teams.data ?? []).map((t) => ({ value: `team:${t.id}`, label: `Team ${t.name}` })),
            ]}
          />
          <button type="submit" className="rounded border border-border-strong px-2 text-sm">
            Add
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** Comments on the incident with author and time; writers add one. */
export function CommentsPanel({
  comments,
  canWrite,
  write,
}: {
  comments: IncidentCommentView[];
  canWrite: boolean;
  write: Write;
}) {
  const format = useFormatDateTime();
  const [text, setText] = useState('');
  const [isPublic, setPublic] = useState(false);
  const problem = useFieldProblem();
  return (
    <section aria-label="Comments" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">Comments</h2>
      <ul className="flex flex-col gap-2">
        {comments.map((c) => (
          <li key={c.id} className="text-sm">
            <div className="text-xs text-fg-subtle">
              {c.created_by?.name ?? c.external_created_by} · {format(c.created_at)}
              {c.public ? ' · Public update' : ''}
            </div>
            <p>{c.comment}</p>
          </li>
        ))}
      </ul>
      {canWrite ? (
        <form
          className="flex flex-col gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (!problem.check(commentProblem(text))) return;
            write.mutate({ method: 'POST', path: 'comments', body: { comment: text, public: isPublic } });
            setText('');
            setPublic(false);
          }}
        >
          <textarea
            aria-label="Comment"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              problem.clear();
            }}
            className="rounded border border-border-strong px-2 py-1 text-sm"
            {...problem.fieldProps}
          />
          <FieldError id={problem.id} message={problem.problem} />
          <label className="flex items-center gap-1 text-xs text-fg-muted">
            <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
            Public update (shown on status pages of a public incident)
          </label>
          <button type="submit" className="self-end rounded bg-primary px-2 py-1 text-sm text-on-primary">
            Comment
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** The timeline from incident_histories: what happened, who did it, when. */
export function Timeline({ history }: { history: IncidentHistoryView[] }) {
  const format = useFormatDateTime();
  return (
    <section aria-label="Timeline" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">Timeline</h2>
      <ol className="flex flex-col gap-1 border-l border-border pl-3">
        {history.map((h) => (
          <li key={h.id} className="text-sm" data-type={h.type}>
            <span>{h.description}</span>
            <div className="text-xs text-fg-subtle">
              {h.created_by?.name ?? 'System'} · {format(h.created_at)}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
