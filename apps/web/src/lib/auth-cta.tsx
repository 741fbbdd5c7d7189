import { createContext, useCallback, useContext } from "react";
import { useNavigate } from "react-router";

export type AuthTab = "login" | "signup";

/**
 * Marks a call to action in the HTML: the page's entry (app/main.tsx) starts loading the auth
 * dialog's code when one is hovered, focused or touched, so the click that follows opens it at
 * once. Every button that calls `useAuthCta()` carries it.
 */
export const authCtaMarker = { "data-auth-cta": "" } as const;

export interface AuthCtaValue {
  /** Asked at click time, so a click replayed right after hydration sees the stored session. */
  isSignedIn: () => boolean;
  openAuthDialog: (tab?: AuthTab) => void;
}

/** Provided by the app (which mounts the auth dialog); read by every call to action. */
export const AuthCtaContext = createContext<AuthCtaValue>({
  isSignedIn: () => false,
  openAuthDialog: () => {},
});

/**
 * Spec §2: every call to action sends a signed-in user to /dashboard and opens the auth
 * dialog for everyone else.
 */
export function useAuthCta() {
  const { isSignedIn, openAuthDialog } = useContext(AuthCtaContext);
  const navigate = useNavigate();
  return useCallback(
    (tab: AuthTab = "signup") => {
      if (isSignedIn()) navigate("/dashboard");
      else openAuthDialog(tab);
    },
    [isSignedIn, navigate, openAuthDialog],
  );
}
