import { useNavigate } from 'react-router';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useUrlParams } from '../../../lib/url-state';
import type { SilenceResourceKind } from '../api/resource-search';
import { useCreateSilence } from '../api/silences';
import { DEFAULT_UNTIL, SilenceForm, type SilenceFormValues } from '../components/silence-form';

function initialValues(params: URLSearchParams): SilenceFormValues {
  const kinds: [SilenceResourceKind, string][] = [
    ['check', 'check_id'],
    ['component', 'component_id'],
    ['config', 'config_id'],
  ];
  const found = kinds.find(([, key]) => params.get(key));
  return {
    kind: found?.[0] ?? 'check',
    resourceId: found ? (params.get(found[1]) ?? '') : '',
    recursive: true,
    filter: '',
    until: DEFAULT_UNTIL,
    description: '',
  };
}

/**
 * /notifications/silences/add (000 §2; needs write): the silence form — a resource (from `check_id`,
 * `component_id` or `config_id` in the URL, or picked), a filter, until one of the future presets (Indefinitely first), a
 * reason — with the preview of what it would have suppressed and what it covers now.
 */
export function AddSilencePage() {
  const [params] = useUrlParams();
  const navigate = useNavigate();
  const create = useCreateSilence();
  return (
    <PageShell title="Add Silence">
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
        <SilenceForm
          initial={initialValues(params)}
          busy={create.isPending}
          onSubmit={(body) => create.mutate(body, { onSuccess: () => navigate('/notifications/silences') })}
          onCancel={() => navigate('/notifications/silences')}
        />
      </div>
    </PageShell>
  );
}
