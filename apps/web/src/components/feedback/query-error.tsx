import type { ReactNode } from "react";
import { cn } from "../../utils/cn.ts";
import { Button } from "../ui/button.tsx";
import { errorMessage } from "./error-message.ts";

/**
 * House rule 6: a page, panel or widget whose data failed to load says so and offers a retry;
 * the rest of the page keeps working. `message` wins over the error's own words. A `panel`
 * stands in for a whole block; `inline` is one line inside a small card or list.
 */
export function QueryError({
  error,
  message,
  onRetry,
  retryLabel = "Retry",
  variant = "panel",
  className,
}: {
  error?: unknown;
  message?: ReactNode;
  onRetry: () => unknown;
  retryLabel?: string;
  variant?: "panel" | "inline";
  className?: string;
}) {
  const text = message ?? errorMessage(error);
  if (variant === "inline") {
    return (
      <div role="alert" className={cn("text-sm text-rose-800", className)}>
        {text}{" "}
        <button
          type="button"
          className="font-medium underline underline-offset-2"
          onClick={() => void onRetry()}
        >
          {retryLabel}
        </button>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={cn("rounded-2xl border border-rose-200 bg-rose-50 p-4 text-sm", className)}
    >
      <p className="text-rose-800">{text}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => void onRetry()}>
        {retryLabel}
      </Button>
    </div>
  );
}
