import { createContext, useCallback, useContext } from "react";
import { useNavigate } from "react-router";

export type AuthTab = "login" | "signup";

/**
 * Marks a call to action in the HTML with the tab it opens: the page's entry (app/main.tsx)
 * starts loading the auth dialog's code when one is hovered, focused or touched, and opens the
 * dialog itself when one is pressed before the app runs. Every button that calls `useAuthCta()`
 * carries it.
 */
export const authCtaMarker = (tab: AuthTab) => ({ "data-auth-cta": tab }) as const;

let signedInHandler: (() => void) | undefined;
let signedInBeforeHandler = false;

/**
 * The app's reaction to a sign-in from the auth dialog (which lives in a React root of its own).
 * A sign-in that finished before the app registered one is handed over on registration.
 * Returns the unregistration.
 */
export function onAuthDialogSignedIn(handler: () => void): () => void {
  signedInHandler = handler;
  if (signedInBeforeHandler) {
    signedInBeforeHandler = false;
    handler();
  }
  return () => {
    if (signedInHandler === handler) signedInHandler = undefined;
  };
}

/** Called by the auth dialog when someone signed in from it. */
export function reportAuthDialogSignedIn() {
  if (signedInHandler) signedInHandler();
  else signedInBeforeHandler = true;
}

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
