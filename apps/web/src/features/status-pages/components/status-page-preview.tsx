import { type PublicStatusPage, SERVICE_STATE_TEXT, type ServiceState } from '@mc/contracts';

const STATE_CLASS: Readonly<Record<ServiceState, string>> = {
  operational: 'text-status-healthy',
  degraded: 'text-status-warning',
  partial_outage: 'text-status-warning',
  major_outage: 'text-status-unhealthy',
  unknown: 'text-fg-muted',
};

/**
 * The preview of an unsaved page: exactly the groups, services, states and incidents an anonymous
 * reader would get (it is the public JSON), so the editor sees every name the page publishes.
 */
export function StatusPagePreview({ view }: { view: PublicStatusPage }) {
  const services = view.groups.reduce((n, g) => n + g.services.length, 0);
  return (
    <section aria-label="Preview" className="flex flex-col gap-2 rounded border border-border p-3">
      <h2 className="text-sm font-semibold text-fg">
        Preview: {view.title} — <span className={STATE_CLASS[view.state]}>{SERVICE_STATE_TEXT[view.state]}</span>
      </h2>
      {services === 0 ? <p className="text-sm text-fg-muted">No component or check matches these selectors.</p> : null}
      {view.groups.map((group) => (
        <div key={group.name} className="flex flex-col gap-1">
          <h3 className="text-xs font-medium uppercase text-fg-muted">{group.name}</h3>
          <ul className="flex flex-col gap-1">
            {group.services.map((service) => (
              <li key={service.name} className="flex justify-between gap-2 text-sm">
                <span>{service.name}</span>
                <span className={STATE_CLASS[service.state]}>
                  {SERVICE_STATE_TEXT[service.state]}
                  {service.uptime === null ? '' : ` · ${service.uptime}% over 90 days`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="text-xs text-fg-muted">
        {view.incidents.length} public incident{view.incidents.length === 1 ? '' : 's'} · {view.maintenance.length}{' '}
        maintenance window{view.maintenance.length === 1 ? '' : 's'}
      </p>
    </section>
  );
}
