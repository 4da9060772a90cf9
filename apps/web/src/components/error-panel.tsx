import { UI_MESSAGES } from '@mc/contracts';

/** Shows an error's message (or 'Something went wrong') and its stack (001 §2). */
export function ErrorPanel({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : UI_MESSAGES.somethingWentWrong;
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <div role="alert" className="m-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">{message}</p>
      {stack ? (
        <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap text-xs text-red-700">{stack}</pre>
      ) : null}
    </div>
  );
}
