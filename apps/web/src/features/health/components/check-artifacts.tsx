import type { CheckArtifact } from '@mc/contracts';
import { formatBytes } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import { checkArtifactUrl } from '../api/get-check-artifacts';

/**
 * The files an exec check kept (`artifacts` of its spec: files its script wrote, or its output), newest
 * first, each a download link (served as an attachment to whoever may read the check). Nothing for a
 * check that kept none.
 */
export function CheckArtifactsPanel({
  checkId,
  artifacts,
}: {
  checkId: string;
  artifacts: CheckArtifact[] | undefined;
}) {
  if (!artifacts || artifacts.length === 0) return null;
  return (
    <section aria-label="Artifacts" className="rounded border border-border px-3 py-2">
      <h3 className="text-xs font-semibold uppercase text-fg-subtle">Artifacts</h3>
      <ul className="mt-1 flex flex-col gap-1">
        {artifacts.map((artifact) => (
          <li key={artifact.id} className="flex items-center gap-2 text-sm">
            <a
              className="flex-1 truncate text-link hover:underline"
              href={checkArtifactUrl(checkId, artifact.id)}
              download
            >
              {artifact.path}
            </a>
            <span className="text-xs text-fg-muted">{formatBytes(artifact.size)}</span>
            <span className="text-xs text-fg-subtle">{relativeTime(artifact.created_at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
