import { type ReactNode, useCallback, useEffect, useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { paths } from "../../config/paths.ts";
import { AuthCtaContext, type AuthTab, onAuthDialogSignedIn } from "../../lib/auth-cta.tsx";
import { i18n } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session/session-provider.tsx";
import { toast } from "../../lib/toast.ts";

/**
 * The dialog lives in its own React root (features/auth/components/auth-dialog-root.tsx), its own
 * chunk loaded on first open: main.tsx fetches it when a call to action is approached and opens it
 * itself when one is pressed before the app runs, so that click does not wait for hydration.
 */
const loadAuthDialogRoot = () => import("../../features/auth/components/auth-dialog-root.tsx");

/** `next` when it is a path of this site ("/x", never "//host" or a full URL), else the dashboard. */
export function returnPath(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : paths.dashboard;
}

/**
 * Owns the auth dialog for the whole site: every call to action opens it through
 * AuthCtaContext; `?auth=login|signup` in the address opens it too. A signed-in user never sees it.
 */
export function AuthDialogHost({ children }: { children: ReactNode }) {
  const { client } = useSession();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();

  const openAuthDialog = useCallback((tab: AuthTab = "login") => {
    void loadAuthDialogRoot().then((dialog) => dialog.openAuthDialog(tab));
  }, []);

  const requested = searchParams.get("auth");
  useEffect(() => {
    if (requested !== "login" && requested !== "signup") return;
    if (!client.getSession()) openAuthDialog(requested);
    const next = new URLSearchParams(searchParams);
    next.delete("auth");
    setSearchParams(next, { replace: true });
  }, [requested, client, openAuthDialog, searchParams, setSearchParams]);

  // A sign-in from the dialog (also one made before the app started): the toast, then the app,
  // or the page that sent the user to sign in (`?next=`, from RequireAuth's returnHere).
  useEffect(
    () =>
      onAuthDialogSignedIn(() => {
        toast.success(i18n.t("auth:signedIn", { defaultValue: "Signed in successfully!" }));
        navigate(returnPath(new URLSearchParams(window.location.search).get("next")));
      }),
    [navigate],
  );

  const value = useMemo(
    () => ({ isSignedIn: () => client.getSession() !== null, openAuthDialog }),
    [client, openAuthDialog],
  );

  return <AuthCtaContext.Provider value={value}>{children}</AuthCtaContext.Provider>;
}
