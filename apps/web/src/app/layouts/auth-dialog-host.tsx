import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { paths } from "../../config/paths.ts";
import { AuthCtaContext, type AuthTab } from "../../lib/auth-cta.tsx";
import { i18n } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session/session-provider.tsx";

const AuthDialog = lazy(() => import("../../features/auth/components/auth-dialog.tsx"));

/**
 * Owns the auth dialog for the whole site: every call to action opens it through
 * AuthCtaContext; `?auth=login|signup` in the address opens it too. A signed-in user never sees it.
 */
export function AuthDialogHost({ children }: { children: ReactNode }) {
  const { session, client } = useSession();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ open: boolean; tab: AuthTab; loaded: boolean }>({
    open: false,
    tab: "login",
    loaded: false,
  });

  const openAuthDialog = useCallback((tab: AuthTab = "login") => {
    setDialog({ open: true, tab, loaded: true });
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
      {dialog.loaded && (
        <Suspense fallback={null}>
          <AuthDialog
            open={dialog.open && !session}
            initialTab={dialog.tab}
            onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
            onSignedIn={onSignedIn}
          />
        </Suspense>
      )}
    </AuthCtaContext.Provider>
  );
}
