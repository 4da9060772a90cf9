import { LINK_TO_INCIDENT } from '@mc/contracts';
import { useState } from 'react';
import { useCan, useFeatureFlags } from '../../../lib/api/shell-queries';
import { isFeatureDisabled } from '../../../lib/feature-flags';
import type { EvidenceTarget } from './link-form';
import { LinkToIncidentDialog } from './link-to-incident-dialog';

/** The feature name whose `incidents.disable` property hides incident controls everywhere. */
export const INCIDENTS_FEATURE = 'incidents';

/**
 * 'Attach as Evidence' (001 §2, §6): opens the Link to Incident dialog for a check, config item, change
 * or insight. Shown only with write on incidents and while the incidents feature is enabled. Exported
 * for the health and catalog areas.
 */
export function AttachAsEvidenceButton({
  target,
  title,
  onDone,
  className,
}: {
  target: EvidenceTarget;
  title?: string;
  onDone?: (linked: boolean) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const canWrite = useCan({ resource: 'incident', action: 'write' });
  const { disabled } = useFeatureFlags();
  if (!canWrite || isFeatureDisabled(INCIDENTS_FEATURE, disabled)) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={
          className ?? 'rounded border border-border-strong bg-surface px-2 py-1 text-sm hover:bg-surface-muted'
        }
      >
        {LINK_TO_INCIDENT.attachButton}
      </button>
      <LinkToIncidentDialog open={open} onClose={() => setOpen(false)} target={target} title={title} onDone={onDone} />
    </>
  );
}
