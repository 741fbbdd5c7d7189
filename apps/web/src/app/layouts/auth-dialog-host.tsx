import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { paths } from "../../config/paths.ts";
import { AuthCtaContext, type AuthTab } from "../../lib/auth-cta.tsx";
import { i18n } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session/session-provider.tsx";

type AuthDialogComponent = typeof import("../../features/auth/components/auth-dialog.tsx").default;

/**
 * The dialog is its own chunk, loaded on first open (main.tsx fetches it when a call to action is
 * approached). It is rendered only once loaded, not through lazy() and Suspense: React holds a
 * Suspense boundary's reveal back by up to 300 ms, which the first click would wait for.
 */
let loadedAuthDialog: AuthDialogComponent | undefined;
const loadAuthDialog = () =>
  import("../../features/auth/components/auth-dialog.tsx").then((module) => {
    loadedAuthDialog = module.default;
    return module.default;
  });

/**
 * Owns the auth dialog for the whole site: every call to action opens it through
 * AuthCtaContext; `?auth=login|signup` in the address opens it too. A signed-in user never sees it.
 */
export function AuthDialogHost({ children }: { children: ReactNode }) {
  const { session, client } = useSession();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ open: boolean; tab: AuthTab }>({
    open: false,
    tab: "login",
  });
  const [AuthDialog, setAuthDialog] = useState(() => loadedAuthDialog);

  const openAuthDialog = useCallback((tab: AuthTab = "login") => {
    setDialog({ open: true, tab });
    // Already loaded, this settles in a microtask and renders nothing new.
    void loadAuthDialog().then((component) => setAuthDialog(() => component));
  }, []);

  const requested = searchParams.get("auth");
  useEffect(() => {
    if (requested !== "login" && requested !== "signup") return;
    if (!client.getSession()) openAuthDialog(requested);
    const next = new URLSearchParams(searchParams);
    next.delete("auth");
    setSearchParams(next, { replace: true });
  }, [requested, client, openAuthDialog, searchParams, setSearchParams]);

  const onSignedIn = useCallback(() => {
    setDialog((d) => ({ ...d, open: false }));
    toast.success(i18n.t("auth:signedIn", { defaultValue: "Signed in successfully!" }));
    navigate(paths.dashboard);
  }, [navigate]);

  const value = useMemo(
    () => ({ isSignedIn: () => client.getSession() !== null, openAuthDialog }),
    [client, openAuthDialog],
  );

  return (
    <AuthCtaContext.Provider value={value}>
      {children}
      {AuthDialog && (
        <AuthDialog
          open={dialog.open && !session}
          initialTab={dialog.tab}
          onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
          onSignedIn={onSignedIn}
        />
      )}
    </AuthCtaContext.Provider>
  );
}
