import { ADMIN_MESSAGES, type Property, propertyInputSchema } from '@mc/contracts';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useDeleteProperty } from '../api/delete-property';
import { type PropertyValues, useSaveProperty } from '../api/save-property';
import { flagEffect } from './flag-effects';

/** Validates with the contract's rules, the ones the server applies (name pattern, required value). */
const propertyResolver: Resolver<PropertyValues> = async (values) => {
  const parsed = propertyInputSchema.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'name');
    errors[key] ??= { type: 'validate', message: issue.message };
  }
  if (values.value === '') errors.value = { type: 'required', message: 'This field is required' };
  return { values: {}, errors: errors as FieldErrors<PropertyValues> }; // keyed by the two field names
};

const inputClass =
  'w-full rounded border border-border-strong px-2 py-1.5 text-sm disabled:bg-surface-hover aria-[invalid=true]:border-status-unhealthy';

/**
 * Adds a property or edits one by name (the name is fixed once created); a flag shows what it turns
 * off as it is typed. Those who may write also get Delete, behind a confirmation.
 */
export function PropertyModal({
  property,
  canWrite,
  onClose,
}: {
  property?: Property;
  canWrite: boolean;
  onClose: () => void;
}) {
  const editing = Boolean(property);
  const form = useForm<PropertyValues>({
    defaultValues: { name: property?.name ?? '', value: property?.value ?? '' },
    resolver: propertyResolver,
    mode: 'onTouched',
  });
  const save = useSaveProperty(editing);
  const remove = useDeleteProperty();
  const [confirming, setConfirming] = useState(false);
  const { errors } = form.formState;
  const [name, value] = form.watch(['name', 'value']);
  const effect = flagEffect(name, value);
  return (
    <>
      <Modal open onClose={onClose} title={editing ? `Edit ${property?.name}` : 'Add Property'} size="small">
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose }))}
        >
          <fieldset disabled={!canWrite} className="flex flex-col gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="property-name" className="text-sm font-medium text-fg">
                Name *
              </label>
              <input
                id="property-name"
                placeholder="health.disable"
                className={inputClass}
                disabled={editing}
                aria-invalid={Boolean(errors.name)}
                {...form.register('name')}
              />
              {errors.name?.message ? <p className="text-xs text-status-unhealthy">{errors.name.message}</p> : null}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="property-value" className="text-sm font-medium text-fg">
                Value *
              </label>
              <input
                id="property-value"
                placeholder="true"
                className={inputClass}
                aria-invalid={Boolean(errors.value)}
                {...form.register('value')}
              />
              {errors.value?.message ? <p className="text-xs text-status-unhealthy">{errors.value.message}</p> : null}
            </div>
            {effect ? <p className="text-sm text-fg-muted">{effect}</p> : null}
          </fieldset>
          <div className="flex items-center gap-2 border-t border-border pt-3">
            {editing && canWrite ? (
              <button
                type="button"
                className="rounded border border-status-unhealthy/40 px-3 py-1.5 text-sm text-status-unhealthy hover:bg-status-unhealthy-soft"
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            ) : null}
            <span className="flex-1" />
            <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onClose}>
              Cancel
            </button>
            {canWrite ? (
              <button
                type="submit"
                disabled={save.isPending}
                className="inline-flex items-center gap-2 rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover disabled:opacity-70"
              >
                {save.isPending ? <Spinner label="Saving…" className="size-3" /> : null}
                Save
              </button>
            ) : null}
          </div>
        </form>
      </Modal>
      {property ? (
        <ConfirmDialog
          open={confirming}
          title="Delete property"
          description={ADMIN_MESSAGES.confirmDelete(property.name)}
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(property.name, {
              onSuccess: () => {
                setConfirming(false);
                onClose();
              },
            })
          }
        />
      ) : null}
    </>
  );
}
