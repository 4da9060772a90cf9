import type { ReactNode } from 'react';

/** The centred card every auth page sits in: the product name, a heading and the content. */
export function AuthCard({ heading, children, footer }: { heading: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-md space-y-6 rounded-lg bg-surface p-8 shadow">
        <p className="text-center text-sm font-semibold text-link">Mission Control</p>
        <h1 className="text-center text-2xl font-semibold text-fg">{heading}</h1>
        {children}
        {footer && <div className="space-y-2 text-center text-sm">{footer}</div>}
      </div>
    </main>
  );
}

/** A notice above the form (expired flow, CSRF violation…). */
export function Notice({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p role="alert" className="rounded bg-status-warning-soft p-3 text-sm text-status-warning">
      {text}
    </p>
  );
}
