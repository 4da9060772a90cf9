import { Skeleton } from '../../components/skeleton';

/** Shown while a route waits for the session, the feature flags or its lazy chunk: the header's place and the shared skeleton. */
export function PageSkeleton() {
  return (
    <div className="flex flex-1 flex-col" data-testid="page-skeleton">
      <div className="h-12 border-b border-border bg-surface" />
      <Skeleton label="Loading page" />
    </div>
  );
}
