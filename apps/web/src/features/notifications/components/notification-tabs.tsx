import { clsx } from 'clsx';
import { NavLink } from 'react-router';

const TABS = [
  { to: '/notifications', label: 'Notifications', end: true },
  { to: '/notifications/rules', label: 'Rules', end: false },
  { to: '/notifications/silences', label: 'Silences', end: false },
  { to: '/notifications/maintenance', label: 'Maintenance', end: false },
] as const;

/** The links between the notifications pages: history, rules, silences and maintenance windows. */
export function NotificationTabs() {
  return (
    <nav aria-label="Notifications sections" className="flex gap-1 border-b border-border">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            clsx(
              '-mb-px border-b-2 px-3 py-1.5 text-sm',
              isActive ? 'border-primary text-fg' : 'border-transparent text-fg-muted hover:text-fg',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
