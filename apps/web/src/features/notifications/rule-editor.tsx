import { useState } from 'react';
import { parse, stringify } from 'yaml';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { Skeleton } from '../../components/skeleton';
import { YamlEditor } from '../../components/yaml-editor/lazy-yaml-editor';
import { useCan } from '../../lib/api/shell-queries';
import { useRule } from './api/get-rules';
import { useDeleteRule, useSaveRule, useTestRule } from './api/rule-mutations';

const button = 'rounded border border-border-strong px-3 py-1.5 text-sm disabled:opacity-50';

/** The document a new rule starts from: check failures to a connection, with the noise controls shown. */
export const NEW_RULE_DOCUMENT = {
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Notification',
  metadata: { name: 'check-failures', namespace: 'default' },
  spec: {
    events: ['check.failed'],
    filter: '',
    to: { connection: 'connection://default/<name>' },
    title: 'Check {{ .check.name }} is {{ .check.status }}',
    repeatInterval: '10m',
    waitFor: '1m',
  },
};

function DocumentEditor({
  id,
  initial,
  onClose,
}: {
  id?: string;
  initial: Record<string, unknown>;
  onClose: () => void;
}) {
  const canWrite = useCan({ resource: 'notifications', action: 'write' });
  const [text, setText] = useState(() => stringify(initial));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveRule();
  const remove = useDeleteRule();
  const test = useTestRule();
  const submit = () => {
    let document: unknown;
    try {
      document = parse(text);
    } catch (error) {
      setProblem(error instanceof Error ? (error.message.split('\n')[0] ?? 'Invalid YAML') : 'Invalid YAML');
      return;
    }
    setProblem(null);
    save.mutate({ id, document }, { onSuccess: () => onClose() });
  };
  return (
    <div className="flex flex-col gap-3">
      <YamlEditor label="Notification rule" value={text} onChange={setText} readOnly={!canWrite} />
      {problem ? <p className="text-sm text-status-unhealthy">{problem}</p> : null}
      <div className="flex gap-2">
        {canWrite ? (
          <button
            type="button"
            className={`${button} bg-primary text-on-primary`}
            disabled={save.isPending}
            onClick={submit}
          >
            Save
          </button>
        ) : null}
        {canWrite && id ? (
          <button type="button" className={button} disabled={test.isPending} onClick={() => test.mutate(id)}>
            Test
          </button>
        ) : null}
        <button type="button" className={button} onClick={onClose}>
          Cancel
        </button>
        {canWrite && id ? (
          <button
            type="button"
            className={`${button} ml-auto text-status-unhealthy`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this notification rule?"
        busy={remove.isPending}
        onConfirm={() => id && remove.mutate(id, { onSuccess: () => onClose() })}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

/**
 * A rule opened by `?id=` (or a new one): its `kind: Notification` document in the YAML editor, with Save, Test
 * and Delete. At the feature's root, not in components/, so that it and the YAML parser load when a rule is
 * opened: in components/ it joined `area-notifications`, which then brought the parser (30 kB gzip) to every
 * notifications page (docs/web.md 'Bundle rules').
 */
export function RuleEditor({ id, onClose }: { id: string | null; onClose: () => void }) {
  const rule = useRule(id);
  if (!id) return <DocumentEditor initial={NEW_RULE_DOCUMENT} onClose={onClose} />;
  if (rule.isPending) return <Skeleton />;
  if (rule.isError) return <ErrorPanel error={rule.error} onRetry={() => void rule.refetch()} />;
  return <DocumentEditor key={id} id={id} initial={rule.data.document} onClose={onClose} />;
}
