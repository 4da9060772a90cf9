import { USER_MESSAGES } from '@mc/contracts';
import { useId } from 'react';
import { copyToClipboard } from '../../../components/clipboard';

/**
 * A link an administrator hands over themselves (an invitation or recovery link that was not mailed),
 * shown once, read-only, with **Copy link** (issue 25: such links never go through the server log).
 */
export function CopyLink({ label, link }: { label: string; link: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded border border-border-strong bg-surface-inverse px-2 py-1.5 font-mono text-xs text-fg-inverse"
        />
        <button
          type="button"
          className="rounded border border-border-strong px-2 py-1 text-xs"
          onClick={() => void copyToClipboard(link, USER_MESSAGES.linkCopied)}
        >
          Copy link
        </button>
      </div>
    </div>
  );
}

/**
 * The body of a dialog that shows such a link once: what happened, the link with **Copy link**, and Done
 * (the invite dialog when the invitation was not mailed, the recovery link dialog).
 */
export function LinkShownOnce({
  message,
  label,
  link,
  onDone,
}: {
  message: string;
  label: string;
  link: string;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>{message}</p>
      <CopyLink label={label} link={link} />
      <div className="flex justify-end pt-2">
        <button
          type="button"
          onClick={onDone}
          className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
        >
          Done
        </button>
      </div>
    </div>
  );
}
