import { useState } from 'react';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useUrlParams } from '../../../lib/url-state';
import { useAgents } from '../api/get-agents';
import { AgentEditModal } from '../components/agent-edit-modal';
import { AgentsTable } from '../components/agents-table';
import { GenerateAgentModal } from '../components/generate-agent-modal';

/**
 * /settings/agents (000 §2, §3): the remote agents with health (seen within 61 s) and what they
 * report; `?id={agentId}` opens one (001 §2 links agents that way). Those who may write agents edit
 * properties, delete with optional cleanup, and register a new agent with its one-time token.
 */
export function AgentsPage() {
  const canWrite = useCan({ resource: 'agents', action: 'write' });
  const agents = useAgents();
  const [params, update] = useUrlParams();
  const [adding, setAdding] = useState(false);
  const openId = params.get('id');
  const open = openId ? agents.data?.find((agent) => agent.id === openId) : undefined;
  return (
    <PageShell
      title="Agents"
      onRefresh={() => void agents.refetch()}
      loading={agents.isFetching}
      extra={
        canWrite ? (
          <button
            type="button"
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
            onClick={() => setAdding(true)}
          >
            Add Agent
          </button>
        ) : null
      }
    >
      <div className="flex min-h-0 flex-1 flex-col p-4">
        {agents.error ? (
          <ErrorPanel error={agents.error} onRetry={() => void agents.refetch()} />
        ) : (
          <AgentsTable
            rows={agents.data ?? []}
            loading={agents.isPending}
            onOpen={(agent) => update({ id: agent.id })}
          />
        )}
      </div>
      {open ? (
        <AgentEditModal key={open.id} agent={open} canWrite={canWrite} onClose={() => update({ id: undefined })} />
      ) : null}
      {adding ? <GenerateAgentModal onClose={() => setAdding(false)} /> : null}
    </PageShell>
  );
}
