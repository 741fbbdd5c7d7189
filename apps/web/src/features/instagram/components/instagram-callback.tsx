import type { ConnectLogin } from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../../../config/paths.ts";
import { getSelectedAccountId, setSelectedAccountId } from "../../../lib/account.ts";
import {
  type ConnectCallbackParams,
  completeInstagramConnect,
} from "../api/complete-instagram-connect.ts";
import { instagramAccountsQueryOptions } from "../api/use-instagram-accounts.ts";
import { instagramConnectionQueryOptions } from "../api/use-instagram-connection.ts";
import "../locales.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";

const callbackParamNames = ["code", "state", "error", "error_reason", "error_description"] as const;

/** The redirect's parameters; Meta appends "#_" (Instagram) or "#_=_" (Facebook) to the URL. */
export function readCallbackParams(search: string): ConnectCallbackParams {
  const query = new URLSearchParams(search.replace(/#.*$/, ""));
  const params: ConnectCallbackParams = {};
  for (const name of callbackParamNames) {
    const value = query.get(name)?.replace(/#_=?_?$/, "");
    if (value) params[name] = value;
  }
  return params;
}

/**
 * A state works once, so each redirect is posted once per page load, whatever React does with
 * effects (StrictMode runs them twice): later runs wait for the same answer.
 */
const attempts = new Map<string, Promise<unknown>>();

export function oncePerPageLoad<T>(key: string, start: () => Promise<T>): Promise<T> {
  let attempt = attempts.get(key) as Promise<T> | undefined;
  if (!attempt) {
    attempt = start();
    attempts.set(key, attempt);
  }
  return attempt;
}

function completeOnce(login: ConnectLogin, search: string) {
  return oncePerPageLoad(`${login}${search}`, () =>
    completeInstagramConnect(login, readCallbackParams(search)),
  );
}

/** /auth/instagram/callback and /facebook-callback: finish the connection, then back to Settings. */
export function InstagramCallback({ login }: { login: ConnectLogin }) {
  const { t } = useTranslation("instagram");
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let isCurrent = true;
    completeOnce(login, search).then(
      async ({ connection }) => {
        if (!isCurrent) return;
        // The account just connected is the one the member goes on with. With one account (or
        // the workspace's first, none chosen) nothing needs naming: the server acts on the first.
        const accounts = await queryClient
          .fetchQuery({ ...instagramAccountsQueryOptions(), staleTime: 0 })
          .catch(() => undefined);
        if (!isCurrent) return;
        const first = accounts?.connections[0]?.instagram_id ?? connection.instagram_id;
        const named = getSelectedAccountId() !== null || first !== connection.instagram_id;
        if (named) setSelectedAccountId(connection.instagram_id);
        queryClient.setQueryData(instagramConnectionQueryOptions().queryKey, { connection });
        navigate(
          `${paths.settings}?instagram=connected${named ? `&account=${encodeURIComponent(connection.instagram_id)}` : ""}`,
          { replace: true },
        );
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const message =
          error instanceof Error && error.message
            ? error.message
            : "Instagram could not complete the connection. Please try again.";
        navigate(`${paths.settings}?instagram_error=${encodeURIComponent(message)}`, {
          replace: true,
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [login, search, navigate, queryClient]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <DocumentTitle>{t("callback.pageTitle")}</DocumentTitle>
      <div
        role="status"
        aria-live="polite"
        className="flex w-full max-w-sm flex-col items-center rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <span className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" />
        <h1 className="mt-5 text-lg font-semibold text-slate-900">{t("callback.connecting")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("callback.hint")}</p>
      </div>
    </main>
  );
}
