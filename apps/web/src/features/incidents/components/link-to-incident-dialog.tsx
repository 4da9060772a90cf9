import { capitalise, INCIDENT_SEVERITIES, INCIDENT_TYPES, LINK_TO_INCIDENT } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { Select } from '../../../components/ui/select';
import { useDebounced } from '../../../components/use-debounced';
import { toastSuccess } from '../../../lib/toast';
import { useLinkToIncident } from '../api/link-to-incident';
import { hypothesesQuery, incidentSearchQuery } from '../api/lookups';
import { EnumSelect } from './enum-select';
import { type EvidenceTarget, type LinkFormValues, linkPayload, NEW_HYPOTHESIS, validateLinkForm } from './link-form';

const initialValues = (target: EvidenceTarget): LinkFormValues => ({
  description: target.description ?? '',
  incident: null,
  hypothesis: '',
  type: LINK_TO_INCIDENT.defaultType,
  severity: LINK_TO_INCIDENT.defaultSeverity,
});

function FieldError({ message }: { message?: string }) {
  return message ? (
    <span role="alert" className="text-xs text-status-unhealthy">
      {message}
    </span>
  ) : null;
}

/**
 * The Link to Incident dialog (001 §2, §4, §5, §8, §9): attach a resource as evidence to an existing or
 * a new incident. Existing incident → type and severity hidden, hypothesis cleared (a single one is
 * auto-selected); new incident → type (availability) and severity (Low). Lookups wait 100 ms. On
 * success a top-right toast links to the incident and `onDone(true)`; on failure `onDone(false)`.
 * The dialog closes and resets either way.
 */
export function LinkToIncidentDialog({
  open,
  onClose,
  target,
  title = LINK_TO_INCIDENT.title,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  target: EvidenceTarget;
  title?: string;
  onDone?: (linked: boolean) => void;
}) {
  const [values, setValues] = useState<LinkFormValues>(() => initialValues(target));
  const [search, setSearch] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const text = useDebounced(search.trim(), LINK_TO_INCIDENT.lookupDebounceMs);
  const incidentId = values.incident?.kind === 'existing' ? values.incident.id : '';
  const debouncedIncident = useDebounced(incidentId, LINK_TO_INCIDENT.lookupDebounceMs);
  const incidents = useQuery({ ...incidentSearchQuery(text), enabled: open });
  const hypotheses = useQuery({ ...hypothesesQuery(debouncedIncident), enabled: open && debouncedIncident !== '' });
  const link = useLinkToIncident();
  // The toast outlet sits outside the router, so its link navigates through this dialog's router.
  const navigate = useNavigate();
  const errors = validateLinkForm(values);
  const shown = submitted ? errors : {};

  useEffect(() => {
    const list = hypotheses.data;
    if (list?.length === 1 && list[0] && values.hypothesis === '' && debouncedIncident === incidentId) {
      setValues((current) => ({ ...current, hypothesis: list[0]?.id ?? '' }));
    }
  }, [hypotheses.data, values.hypothesis, debouncedIncident, incidentId]);

  const reset = () => {
    setValues(initialValues(target));
    setSearch('');
    setSubmitted(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || link.isPending) return;
    try {
      const result = await link.mutateAsync(linkPayload(values, target));
      toastSuccess(
        <span>
          {LINK_TO_INCIDENT.success}{' '}
          <a
            className="underline"
            href={`/incidents/${result.incident_id}`}
            onClick={(event) => {
              event.preventDefault();
              void navigate(`/incidents/${result.incident_id}`);
            }}
          >
            {result.incident_number}
          </a>
        </span>,
        { position: 'top-right', duration: LINK_TO_INCIDENT.toastDurationMs },
      );
      onDone?.(true);
    } catch (error) {
      // The query client's mutation cache toasts the failure; a second toast here doubled it.
      console.error(error);
      onDone?.(false);
    }
    close();
  };

  const chooseExisting = (id: string, incidentTitle: string) =>
    setValues((current) => ({ ...current, incident: { kind: 'existing', id, title: incidentTitle }, hypothesis: '' }));
  const isNew = values.incident?.kind !== 'existing';
  const options = incidents.data ?? [];

  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="small"
      footer={
        <button
          type="submit"
          form="link-to-incident"
          disabled={link.isPending}
          className="rounded bg-primary px-3 py-1 text-sm text-on-primary disabled:opacity-60"
        >
          {link.isPending ? LINK_TO_INCIDENT.submitting : LINK_TO_INCIDENT.submit}
        </button>
      }
    >
      <form
        id="link-to-incident"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-fg">Description</span>
          <textarea
            aria-label="Description"
            value={values.description}
            onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
            className="rounded border border-border-strong px-2 py-1"
          />
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="link-incident-search" className="text-fg">
            Incident
          </label>
          {values.incident ? (
            <div className="flex items-center justify-between rounded border border-border-strong px-2 py-1">
              <span>
                {values.incident.kind === 'new' ? 'New incident: ' : ''}
                {values.incident.title}
              </span>
              <button
                type="button"
                className="text-xs text-link"
                onClick={() => setValues((current) => ({ ...current, incident: null, hypothesis: '' }))}
              >
                Change
              </button>
            </div>
          ) : (
            <>
              <input
                id="link-incident-search"
                placeholder="Search or create an incident"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="rounded border border-border-strong px-2 py-1"
              />
              <ul aria-label="Incidents" className="max-h-40 overflow-auto">
                {search.trim() ? (
                  <li>
                    <button
                      type="button"
                      className="w-full rounded px-2 py-1 text-left hover:bg-surface-hover"
                      onClick={() =>
                        setValues((current) => ({ ...current, incident: { kind: 'new', title: search.trim() } }))
                      }
                    >
                      Create new incident "{search.trim()}"
                    </button>
                  </li>
                ) : null}
                {options.map((incident) => (
                  <li key={incident.id}>
                    <button
                      type="button"
                      className="w-full rounded px-2 py-1 text-left hover:bg-surface-hover"
                      onClick={() => chooseExisting(incident.id, incident.title)}
                    >
                      {incident.incident_id} {incident.title}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <FieldError message={shown.incident} />
        </div>
        {isNew ? (
          <>
            <EnumSelect
              label="Type"
              values={INCIDENT_TYPES}
              value={values.type}
              placeholder=""
              onChange={(type) => setValues((current) => ({ ...current, type }))}
              error={shown.type}
            />
            <EnumSelect
              label="Severity"
              values={INCIDENT_SEVERITIES}
              value={values.severity}
              placeholder=""
              onChange={(severity) => setValues((current) => ({ ...current, severity }))}
              error={shown.severity}
            />
          </>
        ) : (
          <div className="flex flex-col gap-1 text-sm">
            <Select
              label="Hypothesis"
              value={values.hypothesis}
              onChange={(hypothesis) => setValues((current) => ({ ...current, hypothesis }))}
              choices={[
                { value: '', label: 'Select a hypothesis' },
                ...(hypotheses.data ?? []).map((h) => ({
                  value: h.id,
                  label: `${h.title} (${capitalise(h.type)}, ${capitalise(h.status)})`,
                })),
                { value: NEW_HYPOTHESIS, label: 'Create a new root hypothesis' },
              ]}
            />
            <FieldError message={shown.hypothesis} />
          </div>
        )}
      </form>
    </Modal>
  );
}
