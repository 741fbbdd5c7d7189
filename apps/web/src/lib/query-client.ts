import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError, announcePlanRequired } from "./api-error.ts";
import { toast } from "./toast.ts";

/** Spec §8: a failed mutation shows 'Operation failed' with its message. */
function notifyMutationError(error: unknown) {
  const message =
    error instanceof Error && error.message
      ? error.message
      : "An unexpected error occurred. Please try again.";
  toast.error("Operation failed", { description: message });
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Spec §9: data queries retry once and do not refetch on window focus.
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // A plan's refusal opens 'Upgrade your plan' (issue 30) instead of a failure toast.
        if (error instanceof ApiError && error.planRequired) {
          announcePlanRequired(error.planRequired);
          return;
        }
        if (mutation.options.meta?.skipGlobalErrorToast) return;
        notifyMutationError(error);
      },
    }),
  });
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { skipGlobalErrorToast?: boolean };
  }
}
