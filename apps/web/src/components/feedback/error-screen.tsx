import { AlertTriangle } from "lucide-react";
import { Button } from "../ui/button.tsx";

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error && typeof error === "object" && "statusText" in error) {
    const { status, statusText } = error as { status?: number; statusText?: string };
    return `${status ?? ""} ${statusText ?? ""}`.trim();
  }
  return String(error);
}

/** The spec's error texts (§8 render errors) with the details and a Reload Page button. */
export function ErrorPanel({ error, headingLevel = 1 }: { error: unknown; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertTriangle aria-hidden="true" className="size-6" />
      </div>
      <Heading className="text-2xl font-semibold text-slate-900">Something went wrong</Heading>
      <p className="mt-2 text-slate-600">
        An unexpected error occurred. Please try reloading the page.
      </p>
      <details className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <summary className="cursor-pointer font-medium">Details</summary>
        <pre className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap break-words text-xs">
          {describe(error)}
        </pre>
      </details>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Reload Page
      </Button>
    </div>
  );
}

/** The spec's global error screen (§2, §8): shown when rendering fails outside a page. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main
      role="alert"
      className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16"
    >
      <ErrorPanel error={error} />
    </main>
  );
}

/**
 * A page that failed to render (spec §4: a render error switches to the error screen): the
 * same screen inside the app's frame, so the sidebar and header stay usable.
 */
export function PageErrorScreen({ error }: { error: unknown }) {
  return (
    <div role="alert" className="flex justify-center px-4 py-10">
      <ErrorPanel error={error} headingLevel={2} />
    </div>
  );
}
