import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { browser } from '../../../lib/browser';
import { flowErrorAction } from './flow-error-action';
import { createFlow, type Flow, type FlowKind, getFlow, type OryAnswer, type ProviderError, updateFlow } from './ory';

/** Query parameters a flow page passes on when it starts a flow (`invite`: the invitation link's token). */
const START_PARAMS = ['return_to', 'refresh', 'aal', 'invite'] as const;

/** State of a flow page: the flow, a page-level message, whether a submission is in flight. */
export interface FlowState {
  flow?: Flow;
  notice?: string;
  submitting: boolean;
  submit(values: Record<string, unknown>): Promise<void>;
}

/**
 * Creates or fetches the page's flow (000 §4: created or fetched, then updated) and submits it;
 * provider errors take the reactions of 000 §8. `onDone` runs after a successful submission that
 * ends the flow (signed in, registered); a submission is ignored while another is loading (000 §5).
 */
export function useFlow(kind: FlowKind, onDone?: (answer: OryAnswer<Flow & ProviderError>) => void): FlowState {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [flow, setFlow] = useState<Flow>();
  const [notice, setNotice] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const flowId = params.get('flow');
  const returnTo = params.get('return_to') ?? '';

  const startParams = useCallback(
    (withReturnTo = true) => {
      const next = new URLSearchParams();
      for (const key of START_PARAMS) {
        const value = params.get(key);
        if (value && (withReturnTo || key !== 'return_to')) next.set(key, value);
      }
      return next;
    },
    [params],
  );

  const adopt = useCallback(
    (next: Flow) => {
      setFlow(next);
      if (params.get('flow') !== next.id) {
        const updated = new URLSearchParams(params);
        updated.set('flow', next.id);
        setParams(updated, { replace: true });
      }
    },
    [params, setParams],
  );

  const react = useCallback(
    async (answer: OryAnswer<Flow & ProviderError>): Promise<void> => {
      // a settings change that needs the second factor comes back to the settings page after it
      const here = `${location.pathname}${location.search}`;
      const action = flowErrorAction(answer.status, answer.body, kind === 'settings' ? here : returnTo);
      if (action.do === 'redirect') return browser.assign(action.to);
      if (action.do === 'navigate') return void navigate(action.to, { replace: true });
      if (action.do === 'show') {
        if (answer.body.ui) setFlow(answer.body);
        else setNotice(answer.body.error?.reason ?? answer.body.error?.message);
        return;
      }
      setNotice(action.message);
      const fresh = action.useFlowId
        ? await getFlow(kind, action.useFlowId)
        : await createFlow(kind, startParams(!action.message?.includes('return_to')));
      if (fresh.status === 200) adopt(fresh.body);
    },
    [adopt, kind, location, navigate, returnTo, startParams],
  );

  // Load once per flow id: adopt/react change with the URL they update, so listing them would loop.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let cancelled = false;
    const load = flowId ? getFlow(kind, flowId) : createFlow(kind, startParams());
    load.then(
      (answer) => {
        if (cancelled) return;
        if (answer.status === 200) adopt(answer.body);
        else void react(answer);
      },
      () => setNotice('Network Error. Please try again.'),
    );
    return () => {
      cancelled = true;
    };
  }, [flowId, kind]);

  const submit = useCallback(
    async (values: Record<string, unknown>) => {
      if (!flow || inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setNotice(undefined);
      try {
        const answer = await updateFlow(kind, flow.id, values);
        if (answer.status === 200 && !answer.body.ui) onDone?.(answer);
        else if (answer.status === 200) setFlow(answer.body);
        else if ((answer.status === 400 || answer.status === 429) && answer.body.ui) setFlow(answer.body);
        else await react(answer);
      } catch {
        setNotice('Network Error. Please try again.');
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [flow, kind, onDone, react],
  );

  return { flow, notice, submitting, submit };
}
