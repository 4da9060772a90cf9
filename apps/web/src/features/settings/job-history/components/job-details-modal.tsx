import { useEffect, useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { Modal } from '../../../../components/modal';
import { type JobHistoryRow, jobDetailTabs } from '../job-history-options';

function ErrorList({ value }: { value: unknown }) {
  const items = Array.isArray(value) ? value : [value];
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item, index) => (
        // errors are plain values without ids; their order is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className="whitespace-pre-wrap rounded bg-red-50 p-2 font-mono text-xs text-red-800">
          {typeof item === 'string' ? item : JSON.stringify(item, null, 2)}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Details for job {name}' (001 §2): tabs Errors, Scrape Summary and Reconcile Summary, each only
 * when the job has it; 'No details found' when it has none.
 */
export function JobDetailsModal({ job, onClose }: { job: JobHistoryRow | null; onClose: () => void }) {
  const tabs = jobDetailTabs(job?.details);
  const [active, setActive] = useState(0);
  useEffect(() => {
    if (job) setActive(0);
  }, [job]);
  const current = tabs[Math.min(active, Math.max(0, tabs.length - 1))];
  return (
    <Modal open={job !== null} onClose={onClose} title={`Details for job ${job?.name ?? ''}`} size="large" expandable>
      {tabs.length === 0 || !current ? (
        <EmptyState />
      ) : (
        <div className="flex flex-col gap-3">
          <div role="tablist" className="flex gap-2 border-b border-gray-200">
            {tabs.map((tab, index) => (
              <button
                key={tab.label}
                type="button"
                role="tab"
                aria-selected={tab === current}
                onClick={() => setActive(index)}
                className={
                  tab === current
                    ? 'border-b-2 border-blue-600 px-3 py-1.5 text-sm font-medium text-blue-700'
                    : 'px-3 py-1.5 text-sm text-gray-600'
                }
              >
                {tab.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={current.label}>
            {current.label === 'Errors' ? (
              <ErrorList value={current.value} />
            ) : (
              <pre className="overflow-auto rounded bg-gray-50 p-2 text-xs">
                {JSON.stringify(current.value, null, 2)}
              </pre>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
