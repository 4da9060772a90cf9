import { PLAYBOOK_PARAMS_EMPTY, type PlaybookParameter, playbookParameterProblem } from '@mc/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal, type ModalSize } from '../../../components/modal';
import { ComboBox } from '../../../components/ui/combobox';
import { isPickerParameterType } from '../api/parameter-choices';
import {
  type PlaybookResource,
  type PlaybookSummary,
  resourceField,
  usePlaybookParams,
  useRunnableChecks,
  useRunPlaybook,
} from '../api/playbooks';
import { ParameterPicker } from './parameter-picker';

function hasChecks(playbook: PlaybookSummary): boolean {
  return Array.isArray(playbook.spec.checks) && playbook.spec.checks.length > 0;
}

function ParameterField({
  parameter,
  value,
  onChange,
  touched,
}: {
  parameter: PlaybookParameter;
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
}) {
  const problem = touched ? playbookParameterProblem(parameter, value) : undefined;
  const id = `param-${parameter.name}`;
  const label = parameter.label ?? parameter.name;
  if (isPickerParameterType(parameter.type)) {
    return (
      <div className="flex flex-col gap-1">
        <ParameterPicker type={parameter.type} label={label} value={value} onChange={onChange} />
        {problem ? <p className="text-xs text-status-unhealthy">{problem}</p> : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className="rounded border border-border bg-surface px-2 py-1 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      {problem ? <p className="text-xs text-status-unhealthy">{problem}</p> : null}
    </div>
  );
}

/**
 * The Run Playbook dialog of 001 §2: the playbook's parameters for the chosen resource, checked with
 * the 001 §5 rules; the button reads "Running..." while the request is out, then the run page opens; a
 * failure shows the server's error. Opened on a resource (a catalog item, a component, a check) it
 * runs there; opened from /playbooks it offers a check picker when the playbook applies to checks. Its
 * size is one of 001 §2's (medium by default) and it can be expanded to full.
 */
export function RunPlaybookDialog({
  playbook,
  onClose,
  resource = null,
  size = 'medium',
}: {
  playbook: PlaybookSummary;
  onClose: () => void;
  /** The resource the run is on; without it the dialog asks for a check when the playbook needs one. */
  resource?: PlaybookResource | null;
  size?: ModalSize;
}) {
  const needsCheck = !resource && hasChecks(playbook);
  const checks = useRunnableChecks(needsCheck);
  const [checkId, setCheckId] = useState<string | null>(null);
  const ready = !needsCheck || checkId !== null;
  const target: PlaybookResource | null = resource ?? (checkId ? { kind: 'check', id: checkId } : null);
  const params = usePlaybookParams(ready ? playbook.id : '', target);
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const run = useRunPlaybook();
  const navigate = useNavigate();
  const parameters = params.data?.params ?? [];
  const currentValue = (p: PlaybookParameter) => values[p.name] ?? (typeof p.default === 'string' ? p.default : '');
  const valid = ready && parameters.every((p) => !playbookParameterProblem(p, currentValue(p)));

  const submit = () => {
    setTouched(true);
    if (!valid) return;
    const body = Object.fromEntries(parameters.map((p) => [p.name, currentValue(p)]));
    run.mutate(
      { id: playbook.id, ...resourceField(target), params: body },
      { onSuccess: ({ run_id }) => navigate(`/playbooks/runs/${run_id}`) },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={playbook.title || playbook.name}
      size={size}
      expandable
      footer={
        <button
          type="button"
          className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover disabled:opacity-50"
          disabled={!valid || run.isPending}
          onClick={submit}
        >
          {run.isPending ? 'Running...' : 'Run'}
        </button>
      }
    >
      <div className="flex flex-col gap-3 p-4">
        {needsCheck ? (
          <ComboBox
            label="Check"
            value={checkId ?? ''}
            onChange={(id) => setCheckId(id || null)}
            placeholder="Select a check"
            choices={(checks.data ?? []).map((check) => ({ value: check.id, label: check.name }))}
            className="[&>label]:font-medium"
          />
        ) : null}
        {!ready ? (
          <p className="text-sm text-fg-muted">{PLAYBOOK_PARAMS_EMPTY.noResource}</p>
        ) : params.error ? (
          <p className="text-sm text-status-unhealthy">{params.error.message}</p>
        ) : params.isSuccess && parameters.length === 0 ? (
          <p className="text-sm text-fg-muted">{PLAYBOOK_PARAMS_EMPTY.noParameters}</p>
        ) : (
          parameters.map((parameter) => (
            <ParameterField
              key={parameter.name}
              parameter={parameter}
              value={currentValue(parameter)}
              touched={touched || values[parameter.name] !== undefined}
              onChange={(value) => setValues((prev) => ({ ...prev, [parameter.name]: value }))}
            />
          ))
        )}
        {run.error ? (
          <p role="alert" className="text-sm text-status-unhealthy">
            {run.error.message}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
