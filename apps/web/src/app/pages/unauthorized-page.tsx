import { UI_MESSAGES } from '@mc/contracts';
import { PageShell } from '../../components/page-shell/page-shell';

/** Shown when the user lacks the route's resource and action (001 §2). */
export function UnauthorizedPage() {
  return (
    <PageShell title="Unauthorized">
      <div className="flex flex-col items-center py-16 text-center" data-testid="unauthorized">
        <p className="text-base font-medium text-fg">{UI_MESSAGES.unauthorized}</p>
      </div>
    </PageShell>
  );
}
