/**
 * The PromQL that canary-checker's published Grafana dashboards (its chart's `dashboards/Overview.json`
 * and `dashboards/Details.json`, installed with `grafanaDashboards: true`) and canary-checker itself
 * (pkg/prometheus: uptime and latency percentiles) run against its metrics, written down as the facts
 * the metrics test checks our /metrics against. `$Namespace` and `$Canary` are the dashboards'
 * variables; `$Key` stands for a check id.
 *
 * Labels the scrape adds: the dashboards filter on `namespace` (the Kubernetes namespace of the scraped
 * pod, a target label the Prometheus Operator adds for a ServiceMonitor) and group on
 * `exported_endpoint` (the series' own `endpoint` label, renamed because the target already has an
 * `endpoint` label, the port name, when `honorLabels` is false, the ServiceMonitor default).
 */
export interface DashboardQuery {
  source: string;
  expr: string;
  /** Series canary-checker itself no longer exports (the panel is empty there too). */
  removedUpstream?: string;
}

export const CANARY_CHECKER_QUERIES: DashboardQuery[] = [
  { source: 'Overview: canary health by canary', expr: 'avg by(canary_name) (canary_check{namespace="$Namespace"})' },
  {
    source: 'Overview: checks table',
    expr: 'sum by(canary_name,name,key) (canary_check_info{namespace="$Namespace"})',
  },
  {
    source: 'Overview: canary success ratio',
    expr: '1 - avg(canary_check{canary_name="$Canary", namespace="$Namespace"})',
  },
  { source: 'Overview: variable Canary', expr: 'label_values(canary_check_info, canary_name)' },
  { source: 'Overview and Details: variable Namespace', expr: 'label_values(canary_check_info, namespace)' },
  {
    source: 'Details: variable Canary',
    expr: 'label_values(canary_check_info{namespace="$Namespace"}, canary_name)',
  },
  {
    source: 'Details: status by check',
    expr: 'min(canary_check{canary_name="$Canary", namespace="$Namespace"}) by(name)',
  },
  {
    source: 'Details: checks table',
    expr: 'max by(name, type, exported_endpoint) (canary_check_info{canary_name="$Canary", namespace="$Namespace"})',
  },
  {
    source: 'Details: latency p90',
    expr: 'histogram_quantile(0.9, canary_check_duration_bucket{canary_name="$Canary", namespace="$Namespace"})',
  },
  {
    source: 'Details: detail histogram p90',
    expr: 'histogram_quantile(0.9, canary_check_histogram_bucket{canary_name="$Canary", namespace="$Namespace"})',
    removedUpstream: 'canary_check_histogram was removed from canary-checker in October 2024 (pull request 2257)',
  },
  {
    source: 'canary-checker: latency percentile of a check',
    expr: "histogram_quantile(0.95, sum(rate(canary_check_duration_bucket{key='$Key'}[1h])) by (le))",
  },
  { source: 'canary-checker: uptime, passes', expr: "rate(canary_check_success_count{key='$Key'}[1h])" },
  { source: 'canary-checker: uptime, failures', expr: "rate(canary_check_failed_count{key='$Key'}[1h])" },
];
