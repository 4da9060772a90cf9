import { isUuid } from '../../../lib/uuid';
import { artifactDownloadUrl, type PlaybookRunActionView } from '../api/playbooks';

/** An artifact an action recorded in its output (id, path, type, size), when it recorded any. */
interface ArtifactView {
  id?: string;
  path?: string;
  name?: string;
  content_type?: string;
  size?: number;
}

function artifactsOf(result: Record<string, unknown>): ArtifactView[] {
  const value = result.artifacts;
  return Array.isArray(value) ? value.filter((a): a is ArtifactView => typeof a === 'object' && a !== null) : [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * The stored output of one action: a script's stdout and stderr as text, the artifacts it saved (each a
 * download link), and anything else (an HTTP answer, rows) as JSON.
 */
export function ActionOutput({ action, runId }: { action: PlaybookRunActionView; runId: string }) {
  const result = action.result;
  if (!result) return null;
  const stdout = text(result.stdout);
  const stderr = text(result.stderr);
  const artifacts = artifactsOf(result);
  const rest = Object.fromEntries(
    Object.entries(result).filter(([key]) => !['stdout', 'stderr', 'artifacts'].includes(key)),
  );
  return (
    <div className="flex flex-col gap-1">
      {stdout !== null ? (
        <section aria-label={`${action.name} stdout`}>
          <pre className="max-h-64 overflow-auto rounded bg-surface p-2 text-xs">{stdout}</pre>
        </section>
      ) : null}
      {stderr !== null ? (
        <section aria-label={`${action.name} stderr`}>
          <pre className="max-h-64 overflow-auto rounded bg-surface p-2 text-xs text-status-unhealthy">{stderr}</pre>
        </section>
      ) : null}
      {artifacts.length > 0 ? (
        <div className="text-sm">
          <span className="font-medium">Artifacts</span>
          <ul className="list-disc pl-5">
            {artifacts.map((artifact, index) => (
              <li key={artifact.id ?? artifact.path ?? artifact.name ?? index}>
                {artifact.id && isUuid(artifact.id) ? (
                  <a className="text-link hover:underline" href={artifactDownloadUrl(runId, artifact.id)} download>
                    {artifact.path ?? artifact.name ?? 'artifact'}
                  </a>
                ) : (
                  (artifact.path ?? artifact.name ?? 'artifact')
                )}
                {artifact.content_type ? ` (${artifact.content_type}` : ''}
                {artifact.content_type && artifact.size !== undefined
                  ? `, ${artifact.size} bytes)`
                  : artifact.content_type
                    ? ')'
                    : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {Object.keys(rest).length > 0 ? (
        <pre className="max-h-64 overflow-auto rounded bg-surface p-2 text-xs">{JSON.stringify(rest, null, 2)}</pre>
      ) : null}
    </div>
  );
}
