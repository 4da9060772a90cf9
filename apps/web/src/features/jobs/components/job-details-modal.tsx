import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { Tabs } from '../../../components/tabs';
import { type JobHistoryRow, jobDetailTabs } from './job-history-options';

function ErrorList({ value }: { value: unknown }) {
  const items = Array.isArray(value) ? value : [value];
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item, index) => (
        <li
          // errors are plain values without ids; their order is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="whitespace-pre-wrap rounded bg-status-unhealthy-soft p-2 font-mono text-xs text-status-unhealthy"
        >
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
          <Tabs
            tabs={tabs.map((tab) => tab.label)}
            active={current.label}
            onChange={(label) => setActive(tabs.findIndex((tab) => tab.label === label))}
          />
          <div role="tabpanel" aria-label={current.label}>
            {current.label === 'Errors' ? (
              <ErrorList value={current.value} />
            ) : (
              <pre className="overflow-auto rounded bg-surface-muted p-2 text-xs">
                {JSON.stringify(current.value, null, 2)}
              </pre>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
