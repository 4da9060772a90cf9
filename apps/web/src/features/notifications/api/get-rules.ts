import type { NotificationRuleCounts, NotificationRuleView, NotificationsSummaryRow } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { notificationKeys } from './keys';
import { RULES_REQUEST } from './page-requests';

/** A row of `notifications_summary`: a rule with its all-time delivery figures. */
export type RuleSummary = NotificationsSummaryRow;

/** Per-rule counts in a range (GET /api/notification/summary). */
export type RuleCounts = NotificationRuleCounts;

/** A rule with its document (GET /api/notification/rules/{id}). */
export type RuleView = NotificationRuleView;

/** The query of the rules, 1000 sorted by name (spec 000 §9). */
export const rulesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.rules(),
    queryFn: ({ signal }) => apiGet<RuleSummary[]>(RULES_REQUEST.path, { ...RULES_REQUEST.options, signal }),
    staleTime: 30_000,
  });

/** The rules, 1000 sorted by name. */
export function useRules() {
  return useQuery(rulesQuery());
}

/** Each rule's counts in [from, to). */
export function useRuleCounts(from: string, to: string) {
  return useQuery({
    queryKey: notificationKeys.ruleCounts(from, to),
    queryFn: ({ signal }) => apiGet<RuleCounts[]>('/api/notification/summary', { signal, query: { from, to } }),
    staleTime: 30_000,
  });
}

/** One rule and its document. */
export function useRule(id: string | null) {
  return useQuery({
    queryKey: notificationKeys.rule(id ?? ''),
    queryFn: ({ signal }) => apiGet<RuleView>(`/api/notification/rules/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });
}
