/** Shown while a route waits for the session, the feature flags or its lazy chunk. */
export function PageSkeleton() {
  return (
    <div className="flex flex-1 flex-col" aria-busy="true" data-testid="page-skeleton">
      <div className="h-12 border-b border-gray-200 bg-white" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-4 w-1/3 animate-pulse rounded bg-gray-200" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-gray-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-gray-200" />
      </div>
    </div>
  );
}
