import {
  capitalise,
  HYPOTHESIS_STATUSES,
  type IncidentCommentView,
  type IncidentEvidenceView,
  type IncidentHypothesisView,
} from '@mc/contracts';
import { useState } from 'react';
import { FieldError, useFieldProblem } from '../../../components/field-error';
import { Select } from '../../../components/ui/select';
import type { useIncidentWrite } from '../api/incident-mutations';
import { StatusBadge } from './badges';
import { EvidenceCard } from './evidence-card';
import { titleProblem } from './input-problems';

const CHILD_TYPE: Record<string, 'factor' | 'solution' | undefined> = { root: 'factor', factor: 'solution' };

type Write = ReturnType<typeof useIncidentWrite>;

/** A one-line form that adds a hypothesis (root, or a child of `parent`). */
export function AddHypothesis({
  write,
  parent,
  label,
}: {
  write: Write;
  parent?: IncidentHypothesisView;
  label: string;
}) {
  const [title, setTitle] = useState('');
  const problem = useFieldProblem();
  const type = parent ? CHILD_TYPE[parent.type] : 'root';
  return (
    <form
      className="flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem.check(titleProblem(title))) return;
        write.mutate({ method: 'POST', path: 'hypotheses', body: { title, type, parent_id: parent?.id ?? null } });
        setTitle('');
      }}
    >
      <input
        aria-label={label}
        placeholder={label}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          problem.clear();
        }}
        className="flex-1 rounded border border-border-strong px-2 py-1 text-sm"
        {...problem.fieldProps}
      />
      <button type="submit" className="rounded border border-border-strong px-2 text-sm">
        Add
      </button>
      <FieldError id={problem.id} message={problem.problem} />
    </form>
  );
}

function HypothesisNode({
  node,
  all,
  evidences,
  comments,
  canWrite,
  write,
}: {
  node: IncidentHypothesisView;
  all: IncidentHypothesisView[];
  evidences: IncidentEvidenceView[];
  comments: IncidentCommentView[];
  canWrite: boolean;
  write: Write;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(node.title);
  const titleEdit = useFieldProblem();
  const children = all.filter((h) => h.parent_id === node.id);
  const childType = CHILD_TYPE[node.type];
  const save = (body: Record<string, string>) => write.mutate({ method: 'PATCH', path: `hypotheses/${node.id}`, body });
  return (
    <li aria-label={`Hypothesis ${node.title}`} className="rounded border border-border p-2">
      <div className="flex items-center gap-2">
        <span className="text-xs uppercase text-fg-subtle">{capitalise(node.type)}</span>
        {canWrite && editing ? (
          <form
            className="flex flex-1 gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              if (!titleEdit.check(titleProblem(title))) return;
              save({ title: title.trim() });
              setEditing(false);
            }}
          >
            <input
              aria-label="Hypothesis title"
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                titleEdit.clear();
              }}
              className="flex-1 rounded border border-border-strong px-1 text-sm"
              {...titleEdit.fieldProps}
            />
            <button type="submit" className="text-xs text-link">
              Save
            </button>
            <FieldError id={titleEdit.id} message={titleEdit.problem} />
          </form>
        ) : (
          <button
            type="button"
            disabled={!canWrite}
            className="flex-1 text-left text-sm font-medium"
            onClick={() => setEditing(true)}
          >
            {node.title}
          </button>
        )}
        {canWrite ? (
          <Select
            label={`Status of ${node.title}`}
            hideLabel
            value={node.status}
            onChange={(status) => save({ status })}
            choices={HYPOTHESIS_STATUSES.map((status) => ({ value: status, label: capitalise(status) }))}
            className="text-xs"
          />
        ) : (
          <StatusBadge status={node.status} />
        )}
        {canWrite ? (
          <button
            type="button"
            className="text-xs text-status-unhealthy"
            onClick={() => write.mutate({ method: 'DELETE', path: `hypotheses/${node.id}` })}
          >
            Delete
          </button>
        ) : null}
      </div>
      <ul className="mt-2 flex flex-col gap-2 pl-4">
        {evidences
          .filter((e) => e.hypothesis_id === node.id)
          .map((evidence) => (
            <EvidenceCard key={evidence.id} evidence={evidence} canWrite={canWrite} write={write} />
          ))}
        {comments
          .filter((c) => c.hypothesis_id === node.id)
          .map((comment) => (
            <li key={comment.id} className="text-sm text-fg">
              <strong>{comment.created_by?.name ?? comment.external_created_by}</strong>: {comment.comment}
            </li>
          ))}
        {children.map((child) => (
          <HypothesisNode
            key={child.id}
            node={child}
            all={all}
            evidences={evidences}
            comments={comments}
            canWrite={canWrite}
            write={write}
          />
        ))}
        {canWrite && childType ? (
          <li>
            <AddHypothesis write={write} parent={node} label={`Add ${childType} to ${node.title}`} />
          </li>
        ) : null}
      </ul>
    </li>
  );
}

/** The hypotheses as a tree root → factor → solution with their evidence, edited in place by writers. */
export function HypothesisTree(props: {
  hypotheses: IncidentHypothesisView[];
  evidences: IncidentEvidenceView[];
  comments: IncidentCommentView[];
  canWrite: boolean;
  write: Write;
}) {
  const roots = props.hypotheses.filter((h) => h.parent_id === null);
  return (
    <section aria-label="Hypotheses" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">Hypotheses</h2>
      <ul className="flex flex-col gap-2">
        {roots.map((root) => (
          <HypothesisNode
            key={root.id}
            node={root}
            all={props.hypotheses}
            evidences={props.evidences}
            comments={props.comments}
            canWrite={props.canWrite}
            write={props.write}
          />
        ))}
      </ul>
      {props.canWrite ? <AddHypothesis write={props.write} label="Add root hypothesis" /> : null}
    </section>
  );
}
