import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useRecentFailures } from '../../lib/api/notification-failures';
import { useCan } from '../../lib/api/shell-queries';

/** The header bell (001 §2): opens /notifications and shows how many messages failed in the last day. */
export function NotificationsBell() {
  const canRead = useCan({ resource: 'notifications', action: 'read' });
  const failures = useRecentFailures(canRead);
  const count = canRead ? (failures.data ?? 0) : 0;
  return (
    <Link
      to={count ? '/notifications?status=error' : '/notifications'}
      aria-label={count ? `Notifications: ${count} failed in the last day` : 'Notifications'}
      title={count ? `${count} notifications failed in the last day` : 'Notifications'}
      className="relative inline-flex size-8 items-center justify-center rounded text-fg-muted hover:bg-surface-hover"
    >
      <Bell aria-hidden="true" className="size-4" />
      {count ? (
        <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-status-unhealthy px-1 text-center text-[10px] leading-4 text-white">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
