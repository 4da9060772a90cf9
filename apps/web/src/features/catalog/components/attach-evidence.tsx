import { lazy, Suspense } from 'react';
import type { EvidenceTarget } from '../../incidents';

// The incidents area (its link form and lookups) loads when an item, change or insight is shown.
const AttachAsEvidenceButton = lazy(() =>
  import('../../incidents').then((module) => ({
    default: module.AttachAsEvidenceButton,
  })),
);

/**
 * 'Attach as Evidence' for a configuration item, change or insight (issue 13 §6): the incidents area's
 * Link to Incident dialog, shown only to people with write on incidents while incidents are enabled.
 */
export function AttachEvidence({ target }: { target: EvidenceTarget }) {
  return (
    <Suspense fallback={null}>
      <AttachAsEvidenceButton target={target} />
    </Suspense>
  );
}
