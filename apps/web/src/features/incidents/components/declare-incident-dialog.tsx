import { INCIDENT_SEVERITIES, INCIDENT_TYPES, type IncidentSeverity, type IncidentType } from '@mc/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { FieldError } from '../../../components/field-error';
import { Modal } from '../../../components/modal';
import { ComboBox } from '../../../components/ui/combobox';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeclareIncident } from '../api/declare-incident';
import { usePeople } from '../api/lookups';
import { EnumSelect } from './enum-select';
import { titleProblem } from './input-problems';

interface Values {
  title: string;
  severity: IncidentSeverity | '';
  type: IncidentType | '';
  commander: string;
  description: string;
  evidence: string;
}

const EMPTY: Values = { title: '', severity: '', type: '', commander: '', description: '', evidence: '' };

/** Why the form cannot be sent yet, by field. */
function problems(values: Values): Partial<Record<'title' | 'severity' | 'type', string>> {
  const title = titleProblem(values.title);
  return {
    ...(title ? { title } : {}),
    ...(values.severity ? {} : { severity: 'Severity is required' }),
    ...(values.type ? {} : { type: 'Type is required' }),
  };
}

/**
 * Declares an incident from /incidents (issue 12 §6): title, severity, type, an optional commander,
 * description and first evidence; the new incident opens once it exists. Nothing is sent while a
 * required field is missing, and each missing one says so.
 */
export function DeclareIncidentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const declare = useDeclareIncident();
  const people = usePeople('');
  const navigate = useNavigate();
  const formId = useId();
  const titleErrorId = useId();
  const errors = submitted ? problems(values) : {};
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const close = () => {
    setValues(EMPTY);
    setSubmitted(false);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { severity, type } = values;
    if (Object.keys(problems(values)).length > 0 || !severity || !type || declare.isPending) return;
    try {
      const { id, evidenceError } = await declare.mutateAsync({
        incident: {
          title: values.title.trim(),
          severity,
          type,
          commander_id: values.commander || null,
          description: values.description,
        },
        firstEvidence: values.evidence,
      });
      toastSuccess('Incident declared');
      if (evidenceError) toastError(evidenceError);
      close();
      void navigate(`/incidents/${id}`);
    } catch {
      // The query client's mutation cache toasts the server's message.
    }
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="Declare incident"
      size="small"
      footer={
        <DialogActions
          onCancel={close}
          submitLabel="Declare"
          busyLabel="Declaring…"
          busy={declare.isPending}
          form={formId}
        />
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-3" onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-fg">Title</span>
            <input
              value={values.title}
              onChange={(event) => set('title', event.target.value)}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? titleErrorId : undefined}
              className="rounded border border-border-strong px-2 py-1"
            />
          </label>
          <FieldError id={titleErrorId} message={errors.title} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <EnumSelect
            label="Severity"
            values={INCIDENT_SEVERITIES}
            value={values.severity}
            onChange={(value) => set('severity', value as IncidentSeverity)} // the select offers only INCIDENT_SEVERITIES
            placeholder="Select severity"
            error={errors.severity}
          />
          <EnumSelect
            label="Type"
            values={INCIDENT_TYPES}
            value={values.type}
            onChange={(value) => set('type', value as IncidentType)} // the select offers only INCIDENT_TYPES
            placeholder="Select type"
            error={errors.type}
          />
        </div>
        <ComboBox
          label="Commander"
          value={values.commander}
          choices={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
          onChange={(commander) => set('commander', commander)}
          placeholder="No commander yet"
        />
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-fg">Description (optional)</span>
          <textarea
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            rows={2}
            className="rounded border border-border-strong px-2 py-1"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-fg">First evidence (optional)</span>
          <textarea
            value={values.evidence}
            onChange={(event) => set('evidence', event.target.value)}
            rows={3}
            placeholder="What was seen, e.g. 'checkout p99 at 4 s since 10:02'"
            className="rounded border border-border-strong px-2 py-1"
          />
        </label>
      </form>
    </Modal>
  );
}
