import { browser } from '../../lib/browser';
import { copyToClipboard } from '../clipboard';
import { Modal } from '../modal';
import { AGENT_DOCS_URL, KUBECONFIG_DOCS_URL } from './links';

/** The command of step 2: kubectl with the downloaded file, listing canaries. */
export const KUBECONFIG_COMMAND = 'kubectl --kubeconfig ~/Downloads/mission-control.kubeconfig get canaries -A';

/**
 * 'Download and install kubeconfig' (001 §2): download, a copyable command, a Learn more link. The
 * file is fetched only by the button (GET /api/kubeconfig in a new tab): each download mints a new
 * personal API token, so nothing asks for it in advance.
 */
export function KubeconfigModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Download and install kubeconfig"
      size="small"
      helpLink={AGENT_DOCS_URL}
      footer={
        <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onClose}>
          Close
        </button>
      }
    >
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
        <li>
          <p className="mb-1">
            Download the kubeconfig file. It holds a new personal API token (valid 90 days, revocable with your other
            tokens).
          </p>
          <button
            type="button"
            className="rounded bg-primary px-3 py-1.5 text-on-primary"
            onClick={() => browser.open('/api/kubeconfig')}
          >
            Download kubeconfig
          </button>
        </li>
        <li>
          <p className="mb-1">Run kubectl with the downloaded file:</p>
          <div className="flex items-center gap-2 rounded bg-surface-inverse px-2 py-1 font-mono text-xs text-fg-inverse">
            <code className="flex-1 break-all">{KUBECONFIG_COMMAND}</code>
            <button
              type="button"
              aria-label="Copy command"
              className="text-fg-inverse/70 hover:text-fg-inverse"
              onClick={() => void copyToClipboard(KUBECONFIG_COMMAND)}
            >
              Copy
            </button>
          </div>
        </li>
        <li>
          <a href={KUBECONFIG_DOCS_URL} target="_blank" rel="noreferrer" className="text-link hover:underline">
            Learn more<span className="sr-only"> about using the kubeconfig</span>
          </a>
        </li>
      </ol>
    </Modal>
  );
}
