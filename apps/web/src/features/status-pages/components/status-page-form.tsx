import type { StatusPage, StatusPageSaved } from '@mc/contracts';
import { useForm } from 'react-hook-form';
import { Spinner } from '../../../components/spinner';
import { usePreviewStatusPage } from '../api/preview-status-page';
import { useSaveStatusPage } from '../api/save-status-page';
import { type StatusPageFormValues, statusPageResolver, toBody, toValues } from './form-values';
import { StatusPagePreview } from './status-page-preview';

const inputClass =
  'w-full rounded border border-border-strong bg-surface px-2 py-1.5 text-sm disabled:bg-surface-hover aria-[invalid=true]:border-status-unhealthy';
const buttonClass = 'rounded border border-border-strong px-3 py-1.5 text-sm hover:bg-surface-hover';

type FieldName = keyof StatusPageFormValues;

function Field({
  form,
  name,
  label,
  placeholder,
  multiline,
}: {
  form: ReturnType<typeof useForm<StatusPageFormValues>>;
  name: FieldName;
  label: string;
  placeholder?: string;
  multiline?: boolean;
}) {
  const error = form.formState.errors[name]?.message;
  const id = `status-page-${name}`;
  const props = { id, placeholder, className: inputClass, 'aria-invalid': Boolean(error), ...form.register(name) };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {multiline ? <textarea rows={2} {...props} /> : <input {...props} />}
      {error ? <p className="text-xs text-status-unhealthy">{error}</p> : null}
    </div>
  );
}

function SelectorFields({
  form,
  prefix,
  title,
}: {
  form: ReturnType<typeof useForm<StatusPageFormValues>>;
  prefix: 'component' | 'check';
  title: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2 rounded border border-border p-3">
      <legend className="px-1 text-sm font-semibold text-fg">{title}</legend>
      <Field
        form={form}
        name={`${prefix}Names`}
        label="Names (comma-separated)"
        placeholder="Checkout API, Ledger DB"
      />
      <Field form={form} name={`${prefix}Types`} label="Types (comma-separated)" placeholder="Service, http" />
      <Field
        form={form}
        name={`${prefix}Labels`}
        label="Labels (key=value, all must match)"
        placeholder="tier=public"
      />
    </fieldset>
  );
}

/**
 * The editor of a status page: title, slug, description, logo, who may read it, and the selectors over
 * the topology's components and the checks; Preview shows exactly what readers would get. A token
 * page's read token is shown once, after the save that issues it.
 */
export function StatusPageForm({
  page,
  canWrite,
  onSaved,
}: {
  page?: StatusPage;
  canWrite: boolean;
  onSaved: (saved: StatusPageSaved) => void;
}) {
  const form = useForm<StatusPageFormValues>({
    defaultValues: toValues(page),
    resolver: statusPageResolver,
    mode: 'onTouched',
  });
  const save = useSaveStatusPage(page?.id);
  const preview = usePreviewStatusPage();
  const visibility = form.watch('visibility');
  const submit = (rotate: boolean) =>
    form.handleSubmit((values) =>
      save.mutate({ ...toBody(values), ...(rotate ? { rotate_token: true } : {}) }, { onSuccess: onSaved }),
    );
  return (
    <form noValidate className="flex max-w-3xl flex-col gap-3" onSubmit={submit(false)}>
      <fieldset disabled={!canWrite} className="flex flex-col gap-3">
        <Field form={form} name="title" label="Title *" placeholder="Shop status" />
        <Field form={form} name="slug" label="Slug * (the address: /status/<slug>)" placeholder="shop" />
        <Field form={form} name="description" label="Description" multiline />
        <Field form={form} name="logo_url" label="Logo (a path on this server, or data:image/…;base64,…)" />
        <div role="radiogroup" aria-label="Who may read it" className="flex gap-4 text-sm">
          <label className="flex items-center gap-1">
            <input type="radio" value="public" {...form.register('visibility')} /> Public: anyone with the address
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" value="token" {...form.register('visibility')} /> Token-protected
          </label>
        </div>
        <SelectorFields form={form} prefix="component" title="Components of the topology" />
        <SelectorFields form={form} prefix="check" title="Checks" />
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={form.handleSubmit((values) => preview.mutate(toBody(values)))}
        >
          {preview.isPending ? <Spinner label="Building preview…" className="size-3" /> : null}
          Preview
        </button>
        {canWrite && page && visibility === 'token' ? (
          <button type="button" className={buttonClass} onClick={submit(true)}>
            Save and issue a new token
          </button>
        ) : null}
        <span className="flex-1" />
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
      {preview.data ? <StatusPagePreview view={preview.data} /> : null}
    </form>
  );
}
