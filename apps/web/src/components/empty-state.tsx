import { UI_MESSAGES } from '@mc/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The one thing to do next from an empty page: a link to a page, or a button running an action. */
export type EmptyStateAction = { label: string } & ({ to: string } | { onAction: () => void });

const ACTION_CLASS =
  'inline-flex h-8 items-center rounded bg-primary px-3 text-sm font-medium text-on-primary hover:bg-primary-hover';

/**
 * The console's one empty state: what is missing ('No incidents yet'), optionally why, and the call to
 * action that fills it ('Declare incident'); 'No details found' unless told otherwise (001 §2). Leave
 * `action` out for people who may not take it, so nobody is offered a button that answers 403.
 */
export function EmptyState({
  title = UI_MESSAGES.noDetails,
  action,
  children,
}: {
  title?: string;
  action?: EmptyStateAction;
  children?: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center justify-center gap-2 py-16 text-center text-fg-muted"
      data-testid="empty-state"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-fg-subtle" fill="none" stroke="currentColor">
        <path strokeWidth="1.5" d="M3 7h18M3 12h18M3 17h10" />
      </svg>
      <p className="text-sm font-medium text-fg">{title}</p>
      {children}
      {action && 'to' in action ? (
        <Link to={action.to} className={ACTION_CLASS}>
          {action.label}
        </Link>
      ) : null}
      {action && 'onAction' in action ? (
        <button type="button" onClick={action.onAction} className={ACTION_CLASS}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}
