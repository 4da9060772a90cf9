import { UI_MESSAGES } from '@mc/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel';

interface State {
  error: unknown;
}

/**
 * Wraps page content so a render failure shows 'Sorry.. there was an error' and the error panel
 * instead of a blank page; the failure is logged as 'Uncaught error' (001 §8).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error(UI_MESSAGES.somethingWentWrong) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(UI_MESSAGES.uncaughtError, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div className="p-4">
        <h2 className="text-lg font-semibold text-fg">{UI_MESSAGES.errorBoundary}</h2>
        <ErrorPanel error={this.state.error} />
      </div>
    );
  }
}
