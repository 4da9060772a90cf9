import { useId } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Select } from '../../../components/ui/select';
import { YamlEditor } from '../../../components/yaml-editor/lazy-yaml-editor';
import type { SpecIssue } from '../../../components/yaml-editor/spec-issue';
import { useAgentChoices } from '../api/get-agent-choices';
import { fieldRule } from './form-rules';
import type { FormValues } from './resource-document';
import type { FieldDef, ResourceType, SpecType } from './resource-model';
import { SCHEDULE_PRESETS } from './schedules';

const inputClass =
  'rounded border border-border-strong px-2 py-1 text-sm disabled:bg-surface-hover disabled:text-fg-subtle';

function FieldError({ message }: { message?: string }) {
  return message ? <span className="text-xs text-status-unhealthy">{message}</span> : null;
}

function SpecField({ form, field }: { form: UseFormReturn<FormValues>; field: FieldDef }) {
  const id = useId();
  const name = `fields.${field.key}` as const;
  // useWatch re-renders this field alone when the watched value changes, not the whole form
  const value = useWatch({ control: form.control, name }) ?? '';
  const shownBy = useWatch({ control: form.control, name: `fields.${field.showWhen?.key ?? field.key}` }) ?? '';
  if (field.showWhen && !field.showWhen.values.includes(shownBy)) return null;
  const error = form.formState.errors.fields?.[field.key]?.message;
  const rules = { validate: fieldRule(field.kind, field.required ?? false) };
  const hint = field.hintFor?.[value] ?? field.hint;
  const label = `${field.label}${field.required ? ' *' : ''}`;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {field.kind === 'select' ? (
        <Controller
          control={form.control}
          name={name}
          rules={rules}
          render={({ field: input }) => (
            <Select
              label={field.label}
              value={input.value ?? ''}
              choices={(field.options ?? []).map((option) => ({ value: option, label: option }))}
              onChange={input.onChange}
              onBlur={input.onBlur}
            />
          )}
        />
      ) : (
        <>
          <label htmlFor={id} className="text-fg">
            {label}
          </label>
          {field.kind === 'textarea' ? (
            <textarea
              id={id}
              aria-label={field.label}
              className={`${inputClass} font-mono`}
              rows={4}
              {...form.register(name, rules)}
            />
          ) : (
            <input
              id={id}
              aria-label={field.label}
              className={inputClass}
              type={field.secret ? 'password' : undefined}
              autoComplete={field.secret ? 'new-password' : undefined}
              inputMode={field.kind === 'number' ? 'numeric' : undefined}
              {...form.register(name, rules)}
            />
          )}
        </>
      )}
      {hint ? <span className="text-xs text-fg-subtle">{hint}</span> : null}
      <FieldError message={error} />
    </div>
  );
}

/** The Agent picker: which agent runs the resource ("Local (this server)" is the all-zero id). */
function AgentPicker({ form }: { form: UseFormReturn<FormValues> }) {
  const choices = useAgentChoices(form.getValues('agentId'));
  return (
    <Controller
      control={form.control}
      name="agentId"
      render={({ field }) => <Select label="Agent" value={field.value} choices={choices} onChange={field.onChange} />}
    />
  );
}

/**
 * The Form tab (001 §2, §5): name (required), namespace, labels, icon and schedule as the type has
 * them, the agent that runs it (canaries, scrapers, log backends), the spec type's fields, and the spec as a YAML field when the type edits it that way. Name and
 * namespace are disabled when editing; required fields say so once touched.
 */
export function ResourceForm({
  form,
  type,
  specType,
  editing,
  specIssues,
}: {
  form: UseFormReturn<FormValues>;
  type: ResourceType;
  specType: SpecType;
  editing: boolean;
  specIssues: readonly SpecIssue[];
}) {
  const errors = form.formState.errors;
  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-fg">Name *</span>
        <input
          aria-label="Name"
          className={inputClass}
          disabled={editing}
          {...form.register('name', { validate: fieldRule('text', true) })}
        />
        <FieldError message={errors.name?.message} />
      </label>
      {type.hasNamespace ? (
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-fg">Namespace</span>
          <input aria-label="Namespace" className={inputClass} disabled={editing} {...form.register('namespace')} />
        </label>
      ) : null}
      {type.hasIcon ? (
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-fg">Icon</span>
          <input aria-label="Icon" className={inputClass} {...form.register('icon')} />
        </label>
      ) : null}
      {type.hasLabels ? (
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-fg">Labels</span>
          <textarea
            aria-label="Labels"
            className={inputClass}
            rows={2}
            placeholder="key=value, one a line"
            {...form.register('labels')}
          />
        </label>
      ) : null}
      {type.hasSchedule ? (
        <Controller
          control={form.control}
          name="schedule"
          render={({ field }) => (
            <Select
              label="Schedule"
              value={field.value}
              choices={[
                { value: '', label: 'Default' },
                ...SCHEDULE_PRESETS[type.schedulePreset ?? 'default'].map((choice) => ({
                  value: choice,
                  label: choice,
                })),
              ]}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
      {type.hasAgent ? <AgentPicker form={form} /> : null}
      {specType.fields.map((field) => (
        <SpecField key={field.key} form={form} field={field} />
      ))}
      {specType.specField ? (
        <div className="flex flex-col gap-1 text-sm">
          <span className="text-fg">Spec *</span>
          <Controller
            control={form.control}
            name="specText"
            rules={{ validate: fieldRule('code', true) }}
            render={({ field, fieldState }) => (
              <>
                <YamlEditor
                  label="Spec"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  issues={specIssues}
                />
                <FieldError message={fieldState.error?.message} />
              </>
            )}
          />
        </div>
      ) : null}
    </div>
  );
}
