import { StrictMode, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "../../../components/feedback/error-boundary.tsx";
import { type AuthTab, reportAuthDialogSignedIn } from "../../../lib/auth-cta.tsx";
import { getBrowserSessionClient } from "../../../lib/session/session-client.ts";
import { SessionProvider, useSession } from "../../../lib/session/session-provider.tsx";
import { AuthDialog } from "./auth-dialog.tsx";

/**
 * The auth dialog lives in a React root of its own (decision 005, third addendum): a call to
 * action clicked before the app has started opens it at once, without waiting for the app to load
 * and hydrate the page; once the app runs, its AuthDialogHost opens this same dialog and is told
 * when someone signed in from it (the app shows the toast and goes to the dashboard).
 */
interface DialogState {
  open: boolean;
  tab: AuthTab;
}

let state: DialogState = { open: false, tab: "login" };
const listeners = new Set<() => void>();

function setState(next: DialogState) {
  if (next.open === state.open && next.tab === state.tab) return;
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getState = () => state;

function onSignedIn() {
  setState({ ...state, open: false });
  reportAuthDialogSignedIn();
}

function StandaloneAuthDialog() {
  const current = useSyncExternalStore(subscribe, getState, getState);
  const { session } = useSession();
  return (
    <AuthDialog
      open={current.open && !session}
      initialTab={current.tab}
      onOpenChange={(open) => setState({ ...state, open })}
      onSignedIn={onSignedIn}
    />
  );
}

let mounted = false;
function mount() {
  if (mounted) return;
  mounted = true;
  const container = document.createElement("div");
  container.id = "auth-dialog-root";
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary fallback={() => null}>
        <SessionProvider>
          <StandaloneAuthDialog />
        </SessionProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}

/** Opens the dialog on a tab (mounting its root the first time). */
export function openAuthDialog(tab: AuthTab = "login") {
  mount();
  setState({ open: true, tab });
}

/**
 * For a call to action pressed before the app runs: a visitor gets the dialog now (true); a
 * signed-in user (stored session) does not (false), the app sends them to the dashboard instead.
 */
export function openAuthDialogForCta(tab: AuthTab): boolean {
  if (getBrowserSessionClient().getSession()) return false;
  openAuthDialog(tab);
  return true;
}
