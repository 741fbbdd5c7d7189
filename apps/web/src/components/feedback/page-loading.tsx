/** The spec's on-demand route fallback: 'Loading...'. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center">
      <span className="flex items-center gap-3 text-sm text-slate-500">
        <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
        Loading...
      </span>
    </div>
  );
}
