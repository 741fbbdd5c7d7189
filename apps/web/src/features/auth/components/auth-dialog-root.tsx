import { StrictMode, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "../../../components/feedback/error-boundary.tsx";
import { type AuthTab, reportAuthDialogSignedIn } from "../../../lib/auth-cta.tsx";
import { flushSyncWithEffects } from "../../../lib/flush-sync-with-effects.ts";
import { ID_SPACE, withOwnIds } from "../../../lib/id-space.ts";
import { getBrowserSessionClient } from "../../../lib/session/session-client.ts";
import { SessionProvider, useSession } from "../../../lib/session/session-provider.tsx";
import { type AdoptedAuthDialog, AuthDialog } from "./auth-dialog.tsx";
import {
  closeStaticAuthDialogForTakeOver,
  continueInDialog,
  findStaticAuthDialog,
  readStaticAuthDialog,
  unlockScroll,
} from "./static-auth-dialog-controls.ts";

/**
 * The auth dialog lives in a React root of its own (decision 005, third addendum): a call to
 * action clicked before the app has started opens it at once, without waiting for the app to load
 * and hydrate the page; once the app runs, its AuthDialogHost opens this same dialog and is told
 * when someone signed in from it (the app shows the toast and goes to the dashboard).
 */
interface DialogState {
  open: boolean;
  tab: AuthTab;
  /** Set while the dialog that took over from the page's own copy stays open. */
  adopted?: AdoptedAuthDialog;
}

let state: DialogState = { open: false, tab: "login" };
const listeners = new Set<() => void>();

function setState(next: DialogState) {
  if (next.open === state.open && next.tab === state.tab && next.adopted === state.adopted) return;
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getState = () => state;

function onSignedIn() {
  setState({ open: false, tab: state.tab });
  reportAuthDialogSignedIn();
}

function StandaloneAuthDialog() {
  const current = useSyncExternalStore(subscribe, getState, getState);
  const { session } = useSession();
  return (
    <AuthDialog
      open={current.open && !session}
      initialTab={current.tab}
      adopted={current.adopted}
      onOpenChange={(open) => setState(open ? { ...state, open } : { open, tab: state.tab })}
      onSignedIn={onSignedIn}
    />
  );
}

let mounted = false;
function mount() {
  if (mounted) return;
  mounted = true;
  // From now on this is the page's one auth dialog.
  if (!findStaticAuthDialog()?.open) findStaticAuthDialog()?.remove();
  const container = document.createElement("div");
  container.id = "auth-dialog-root";
  document.body.append(container);
  createRoot(container).render(
    withOwnIds(
      <StrictMode>
        <ErrorBoundary fallback={() => null}>
          <SessionProvider>
            <StandaloneAuthDialog />
          </SessionProvider>
        </ErrorBoundary>
      </StrictMode>,
      ID_SPACE.authDialog,
    ),
  );
}

/**
 * Takes over from the page's own copy of the dialog (static-auth-dialog.tsx) that app/main.tsx
 * opened before this code had loaded: renders this dialog at once, its effects included
 * (flushSyncWithEffects), with what was typed there, puts the focus and the caret back where they
 * were, redoes a press or a submission this code was not there for, and removes the copy, all in
 * one task, so that no frame shows both or neither. A copy already closed is just removed. True
 * when it took over.
 */
export function adoptStaticAuthDialog(): boolean {
  const copy = findStaticAuthDialog();
  if (!copy) return false;
  if (!copy.open) {
    copy.remove();
    return false;
  }
  const snapshot = readStaticAuthDialog(copy);
  closeStaticAuthDialogForTakeOver(copy);
  // Its effects too: Escape, the focus trap and the outside-press listeners are added by them, and
  // the visitor, who has had a dialog in front of them all along, may press a key at any moment.
  flushSyncWithEffects(() => {
    setState({
      open: true,
      tab: snapshot.tab,
      adopted: { login: snapshot.values.login, signup: snapshot.values.signup },
    });
    mount();
  });
  copy.remove();
  // After the React dialog has locked the scroll itself (it counts the copy's margin in).
  unlockScroll();
  const content = document.querySelector<HTMLElement>("[data-auth-dialog]");
  if (content) continueInDialog(content, snapshot);
  return true;
}

/** Opens the dialog on a tab (mounting its root the first time). */
export function openAuthDialog(tab: AuthTab = "login") {
  // On screen with its effects run (as in adoptStaticAuthDialog): a key pressed as soon as it shows
  // reaches its Escape listener and its focus trap.
  flushSyncWithEffects(() => {
    setState({ open: true, tab });
    mount();
  });
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
