import { clsx } from 'clsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Tabs } from '../../../components/tabs';
import { YamlEditor } from '../../../components/yaml-editor/lazy-yaml-editor';
import type { SpecIssue } from '../../../components/yaml-editor/spec-issue';
import { useCan, useSession } from '../../../lib/api/shell-queries';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useResourceMutations } from '../api/save-resource';
import { validateYaml } from '../api/validate-spec';
import {
  documentToResource,
  type FormValues,
  formToResource,
  parseYamlObject,
  resourceToDocument,
  resourceToForm,
  toYaml,
} from './resource-document';
import { ResourceForm } from './resource-form';
import type { EditableResource, ResourceType, SpecType } from './resource-model';

type EditorTab = 'Form' | 'Code';
const EDITOR_TABS: readonly EditorTab[] = ['Form', 'Code'];

const button = 'rounded px-3 py-1.5 text-sm disabled:opacity-50';

/**
 * The edit form of a schema-driven resource (001 §2 Resource editor): Form and Code (YAML) tabs, the
 * first chosen by the spec type; switching tabs carries the values over (YAML that does not parse is
 * ignored and logged). Save validates the spec against the type's JSON schema on the server and marks
 * issues at their line, writes, toasts and returns to the list; Cancel returns without saving.
 */
export function ResourceEditor({
  type,
  specType,
  initial,
  onBack,
  listPath = `/settings/${type.table}`,
}: {
  type: ResourceType;
  specType: SpecType;
  initial: EditableResource;
  onBack?: () => void;
  /** Where save, cancel and delete return to: the table's settings list unless the area has its own page. */
  listPath?: string;
}) {
  const navigate = useNavigate();
  const session = useSession();
  const canWrite = useCan({ resource: type.permission, action: 'write' });
  const { save, remove } = useResourceMutations(type, session.data?.user.id);
  const editing = Boolean(initial.id);
  const [tab, setTab] = useState<EditorTab>(specType.kind === 'form' ? 'Form' : 'Code');
  const [resource, setResource] = useState(initial);
  const [code, setCode] = useState(() => toYaml(resourceToDocument(type, initial)));
  const [issues, setIssues] = useState<SpecIssue[]>([]);
  const [validating, setValidating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<FormValues>({ mode: 'onTouched', defaultValues: resourceToForm(type, specType, initial) });

  /** Name and namespace never change on an existing resource. */
  const keepIdentity = (next: EditableResource): EditableResource =>
    editing ? { ...next, name: initial.name, ...(type.hasNamespace ? { namespace: initial.namespace } : {}) } : next;

  const switchTo = (next: EditorTab) => {
    if (next === tab) return;
    setIssues([]);
    if (next === 'Code') {
      const current = formToResource(type, specType, form.getValues(), resource);
      setResource(current);
      setCode(toYaml(resourceToDocument(type, current)));
    } else {
      const document = parseYamlObject(code);
      if (document) {
        const current = documentToResource(type, document, resource);
        setResource(current);
        form.reset(resourceToForm(type, specType, current));
      }
    }
    setTab(next);
  };

  const write = async (next: EditableResource) => {
    try {
      await save.mutateAsync(keepIdentity(next));
      toastSuccess(`${next.name} ${editing ? 'updated' : 'created'} successfully`);
      navigate(listPath);
    } catch {
      // The failure is toasted once, by the query client's mutation cache.
    }
  };

  const check = async (body: { document: string } | { spec: string }) => {
    setValidating(true);
    try {
      const found = await validateYaml(type, body);
      setIssues(found);
      return found.length === 0;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      setValidating(false);
    }
  };

  const submitForm = form.handleSubmit(async (values) => {
    const next = formToResource(type, specType, values, resource);
    const spec = specType.specField ? values.specText : toYaml(next.spec);
    if (await check({ spec })) await write(next);
  });

  const submitCode = async () => {
    if (!(await check({ document: code }))) return;
    const document = parseYamlObject(code);
    if (document) await write(documentToResource(type, document, resource));
  };

  const busy = validating || save.isPending;
  const createText = type.createText ?? 'Save';
  const busyText = editing ? 'Updating' : `${createText.replace(/e$/, '')}ing`;
  const saveText = busy ? busyText : editing ? 'Update' : createText;

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(initial);
      toastSuccess(`${initial.name} deleted successfully`);
      setConfirming(false);
      navigate(listPath);
    } catch {
      // The failure is toasted once, by the query client's mutation cache.
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (tab === 'Form') void submitForm();
        else void submitCode();
      }}
    >
      <Tabs label="Editor" tabs={EDITOR_TABS} active={tab} onChange={switchTo} />
      {tab === 'Form' ? (
        <>
          <ResourceForm
            form={form}
            type={type}
            specType={specType}
            editing={editing}
            specIssues={specType.specField ? issues : []}
          />
          {!specType.specField && issues.length > 0 ? (
            <ul aria-label="Spec problems" className="text-xs text-status-unhealthy">
              {issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <YamlEditor label="Code" value={code} onChange={setCode} issues={issues} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {canWrite ? (
          <button type="submit" disabled={busy} className={clsx(button, 'bg-primary text-on-primary')}>
            {saveText}
          </button>
        ) : null}
        <button
          type="button"
          className={clsx(button, 'border border-border-strong')}
          onClick={() => navigate(listPath)}
        >
          Cancel
        </button>
        {!editing && onBack ? (
          <button type="button" className={clsx(button, 'border border-border-strong')} onClick={onBack}>
            Back
          </button>
        ) : null}
        {editing && canWrite ? (
          <button
            type="button"
            className={clsx(button, 'ml-auto border border-status-unhealthy/40 text-status-unhealthy')}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${initial.name}?`}
        description={`${type.singular} ${initial.name} will be deleted.`}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
