import { UI_MESSAGES } from '@mc/contracts';
import type { ReactNode } from 'react';

/** The honest empty state of a page or panel: 'No details found' unless told otherwise (001 §2). */
export function EmptyState({ title = UI_MESSAGES.noDetails, children }: { title?: string; children?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center justify-center gap-2 py-16 text-center text-gray-500"
      data-testid="empty-state"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-gray-300" fill="none" stroke="currentColor">
        <path strokeWidth="1.5" d="M3 7h18M3 12h18M3 17h10" />
      </svg>
      <p className="text-sm font-medium">{title}</p>
      {children}
    </div>
  );
}
