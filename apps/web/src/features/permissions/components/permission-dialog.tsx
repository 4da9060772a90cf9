import { PERMISSION_ACTIONS, PERMISSION_OBJECTS } from '@mc/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { DateTimePicker } from '../../../components/ui/date-time-picker';
import { Select } from '../../../components/ui/select';
import { type PermissionRow, useDeletePermission, useSavePermission } from '../api/permissions';
import { LookupPicker } from './lookup-picker';
import {
  EMPTY_FORM,
  formFromRow,
  type PermissionFormValues,
  RESOURCE_CHOICES,
  type ResourceChoice,
  SUBJECT_KINDS,
  validateForm,
} from './permission-form';
import { SideDialog } from './side-dialog';

/** Reference documentation of permission rows, linked from the dialog (001 §2). */
export const PERMISSIONS_HELP_URL = 'https://flanksource.com/docs/reference/permissions';

const field = 'rounded border border-border-strong px-2 py-1.5';

const GLOBAL_OBJECT_CHOICES = [
  { value: '', label: 'Select Global object' },
  ...PERMISSION_OBJECTS.map((object) => ({ value: object, label: object })),
];
const ACTION_CHOICES = PERMISSION_ACTIONS.map((action) => ({ value: action, label: action }));

/** The linked name of the row's subject or resource, to label a choice the picker has not loaded. */
function linkedName(
  row: PermissionRow | null,
  key: 'person' | 'team' | 'notification' | 'catalog' | 'component' | 'connection' | 'playbook',
) {
  return row?.[key]?.name ?? undefined;
}

/**
 * The Add/Edit Permission side dialog (001 §2, §4, §5): subject (Team, Person or Notification) and
 * resource (a global object, or one catalog item, component, connection or playbook) are required;
 * switching a kind clears the other ids. Edit offers Delete, after a confirmation. Rows managed
 * elsewhere (source not UI) open read-only.
 */
export function PermissionDialog({
  open,
  row,
  canWrite,
  onClose,
}: {
  open: boolean;
  row: PermissionRow | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const save = useSavePermission();
  const remove = useDeletePermission();
  const [values, setValues] = useState<PermissionFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<{ subject?: string; resource?: string; other?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const readOnly = !canWrite || (row !== null && row.source !== 'UI');

  useEffect(() => {
    if (!open) return;
    setValues(row ? formFromRow(row) : EMPTY_FORM);
    setErrors({});
  }, [open, row]);

  const set = (patch: Partial<PermissionFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate({ id: row?.id, input: checked.input }, { onSuccess: onClose });
  };
  const subjectLabel = SUBJECT_KINDS.find((s) => s.kind === values.subjectKind)?.label ?? '';
  const resourceLabel = RESOURCE_CHOICES.find((r) => r.kind === values.resourceKind)?.label ?? '';

  return (
    <SideDialog
      open={open}
      title={row ? 'Edit Permission' : 'Add Permission'}
      onClose={onClose}
      helpLink={PERMISSIONS_HELP_URL}
      footer={
        readOnly ? null : (
          <>
            {row ? (
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="rounded border border-status-unhealthy/40 px-3 py-1.5 text-sm text-status-unhealthy hover:bg-status-unhealthy-soft"
              >
                Delete
              </button>
            ) : null}
            <span className="flex-1" />
            <DialogActions
              onCancel={onClose}
              submitLabel="Save"
              busyLabel="Saving…"
              busy={save.isPending}
              form="permission-form"
            />
          </>
        )
      }
    >
      <form id="permission-form" noValidate onSubmit={submit} className="flex flex-col gap-4 text-sm">
        <fieldset disabled={readOnly} className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-fg">Subject</legend>
          <div role="radiogroup" aria-label="Subject kind" className="flex gap-3">
            {SUBJECT_KINDS.map((subject) => (
              <label key={subject.kind} className="inline-flex items-center gap-1">
                <input
                  type="radio"
                  name="subjectKind"
                  checked={values.subjectKind === subject.kind}
                  onChange={() => set({ subjectKind: subject.kind, subjectId: '' })}
                />
                {subject.label}
              </label>
            ))}
          </div>
          <LookupPicker
            key={values.subjectKind}
            kind={values.subjectKind}
            label={subjectLabel}
            value={values.subjectId}
            currentName={linkedName(row, values.subjectKind)}
            onChange={(subjectId) => set({ subjectId })}
          />
          {errors.subject ? <span className="text-status-unhealthy">{errors.subject}</span> : null}
        </fieldset>

        <fieldset disabled={readOnly} className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-fg">Resource</legend>
          <Select
            label="Resource kind"
            hideLabel
            value={values.resourceKind}
            choices={RESOURCE_CHOICES.map((choice) => ({ value: choice.kind, label: choice.label }))}
            onChange={(kind) => set({ resourceKind: kind as ResourceChoice, resource: '' })}
            isDisabled={readOnly}
          />
          {values.resourceKind === 'object' ? (
            <Select
              label="Global object"
              hideLabel
              value={values.resource}
              choices={GLOBAL_OBJECT_CHOICES}
              onChange={(resource) => set({ resource })}
              isDisabled={readOnly}
            />
          ) : (
            <LookupPicker
              key={values.resourceKind}
              kind={values.resourceKind}
              label={resourceLabel}
              value={values.resource}
              currentName={linkedName(row, values.resourceKind === 'config' ? 'catalog' : values.resourceKind)}
              onChange={(resource) => set({ resource })}
            />
          )}
          {errors.resource ? <span className="text-status-unhealthy">{errors.resource}</span> : null}
        </fieldset>

        <fieldset disabled={readOnly} className="flex flex-col gap-3">
          <Select
            label="Action"
            value={values.action}
            choices={ACTION_CHOICES}
            onChange={(action) => set({ action })}
            isDisabled={readOnly}
          />
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={values.deny} onChange={(event) => set({ deny: event.target.checked })} />
            Deny
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium text-fg">Description</span>
            <textarea
              value={values.description}
              onChange={(event) => set({ description: event.target.value })}
              rows={3}
              className={field}
            />
          </label>
          <DateTimePicker
            label="Until"
            value={values.until}
            onChange={(until) => set({ until })}
            isDisabled={readOnly}
          />
          {errors.other ? <span className="text-status-unhealthy">{errors.other}</span> : null}
        </fieldset>
        {row && row.source !== 'UI' ? (
          <p className="text-fg-muted">This permission is managed by {row.source} and is read-only here.</p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete Permission"
        description="The permission stops applying at once."
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          row &&
          remove.mutate(row.id, {
            onSettled: () => setConfirming(false),
            onSuccess: onClose,
          })
        }
      />
    </SideDialog>
  );
}
