import { type NamedRow, NIL_AGENT_ID } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import type { Choice } from '../../../components/ui/select';
import { apiGet } from '../../../lib/api/client';
import { resourceKeys } from './keys';

/** The label of the all-zero agent id: the server itself runs what is assigned to it. */
export const LOCAL_AGENT_LABEL = 'Local (this server)';

/**
 * The agents a canary, scraper or log backend can be assigned to (GET /api/db/agents, live ones by
 * name): "Local (this server)" first, then each registered agent. A caller who may not read agents
 * still gets the local choice. `current` names an assignment no longer among them (a deleted agent),
 * so the picker shows it instead of a blank.
 */
export function useAgentChoices(current: string | undefined) {
  const agents = useQuery({
    queryKey: [...resourceKeys.all, 'agent-choices'],
    queryFn: ({ signal }) =>
      apiGet<Array<Pick<NamedRow, 'id' | 'name'>>>('/api/db/agents', {
        signal,
        query: { select: 'id,name', deleted_at: 'is.null', id: `neq.${NIL_AGENT_ID}`, order: 'name.asc' },
      }),
  });
  const choices: Choice[] = [
    { value: NIL_AGENT_ID, label: LOCAL_AGENT_LABEL },
    ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
  ];
  if (current && !agents.isPending && !choices.some((choice) => choice.value === current)) {
    choices.push({ value: current, label: `Unknown agent (${current})` });
  }
  return choices;
}
