import { capitalise, INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES, type IncidentDetail } from '@mc/contracts';
import { useState } from 'react';
import { FieldError, useFieldProblem } from '../../../components/field-error';
import { Select } from '../../../components/ui/select';
import type { useIncidentWrite } from '../api/incident-mutations';
import { usePeople } from '../api/lookups';
import { SeverityBadge, StatusBadge } from './badges';
import { EnumSelect } from './enum-select';
import { titleProblem } from './input-problems';

type Write = ReturnType<typeof useIncidentWrite>;

/** The incident's fields: writers edit status, severity, type, commander, communicator and the title in place. */
export function IncidentHeader({
  incident,
  canWrite,
  write,
}: {
  incident: IncidentDetail['incident'];
  canWrite: boolean;
  write: Write;
}) {
  const people = usePeople('');
  const [title, setTitle] = useState(incident.title);
  const problem = useFieldProblem();
  const save = (body: Record<string, string | null>) => write.mutate({ method: 'PATCH', path: '', body });
  if (!canWrite) {
    return (
      <section aria-label="Incident" className="flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge status={incident.status} />
        <SeverityBadge severity={incident.severity} />
        <span>{capitalise(incident.type)}</span>
        <span>Commander: {incident.commander?.name ?? '—'}</span>
        <span>Communicator: {incident.communicator?.name ?? '—'}</span>
        {incident.public ? <span>Public on status pages</span> : null}
        {incident.description ? <p className="w-full text-fg">{incident.description}</p> : null}
      </section>
    );
  }
  const person = (label: string, field: 'commander_id' | 'communicator_id', current: string | undefined) => (
    <Select
      label={label}
      value={current ?? ''}
      onChange={(id) => save({ [field]: id || null })}
      choices={[{ value: '', label: '—' }, ...(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
    />
  );
  return (
    <section aria-label="Incident" className="flex flex-wrap items-end gap-3">
      <form
        className="flex w-full flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (problem.check(titleProblem(title)) && title !== incident.title) save({ title });
        }}
      >
        <input
          aria-label="Title"
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            problem.clear();
          }}
          className="flex-1 rounded border border-border-strong px-2 py-1 text-sm"
          {...problem.fieldProps}
        />
        <button type="submit" className="rounded border border-border-strong px-2 text-sm">
          Save title
        </button>
        <FieldError id={problem.id} message={problem.problem} />
      </form>
      <EnumSelect
        label="Status"
        values={INCIDENT_STATUSES}
        value={incident.status}
        onChange={(status) => save({ status })}
      />
      <EnumSelect
        label="Severity"
        values={INCIDENT_SEVERITIES}
        value={incident.severity}
        onChange={(severity) => save({ severity })}
      />
      <EnumSelect label="Type" values={INCIDENT_TYPES} value={incident.type} onChange={(type) => save({ type })} />
      {person('Commander', 'commander_id', incident.commander?.id)}
      {person('Communicator', 'communicator_id', incident.communicator?.id)}
      <label className="flex items-center gap-1 text-sm">
        <input
          type="checkbox"
          checked={Boolean(incident.public)}
          onChange={(event) => write.mutate({ method: 'PATCH', path: '', body: { public: event.target.checked } })}
        />
        Public on status pages
      </label>
    </section>
  );
}
