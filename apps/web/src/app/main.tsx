import "../styles/index.css";
import {
  findStaticAuthDialog,
  openStaticAuthDialog,
} from "../features/auth/components/static-auth-dialog-controls.ts";
import { detectLanguage } from "../lib/language.ts";
import { fetchSessionEarly } from "../lib/session/early-session.ts";
import { hasStoredSession } from "../lib/session/session-storage-key.ts";
import { firstInteractionEvents } from "./first-interaction.ts";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

const isPrerendered = container.dataset.prerendered !== undefined;

/** The auth dialog's own React root and its code (decision 005, third addendum). */
let authDialogRoot: Promise<typeof import("../features/auth/components/auth-dialog-root.tsx")>;
const loadAuthDialogRoot = () => {
  // The dialog is styled by the whole stylesheet: it loads alongside the dialog's code.
  authDialogRoot ??= (() => {
    const styles = applyDeferredStyles();
    return Promise.all([import("../features/auth/components/auth-dialog-root.tsx"), styles]);
  })().then(([module]) => module);
  return authDialogRoot;
};
/** Set while a call to action pressed before the app runs is opening the dialog. */
let dialogOpening: Promise<void> | undefined;
/** Resolves once a press has shown the page's copy of the dialog (its first frame painted). */
let resolveCopyPainted: () => void = () => {};
const copyPainted = new Promise<void>((resolve) => (resolveCopyPainted = resolve));
let appStarting = false;

/**
 * A prerendered page has the CSS its HTML uses inlined; the whole stylesheet waits in a
 * <template> so that it neither holds the first paint back nor loads for a visitor who only
 * looks (scripts/build.mjs). It goes into the head once the page comes to life, before any import:
 * Vite's chunk loader then sees it and does not add it a second time. Resolves when it has loaded.
 */
let deferredStyles: Promise<void> | undefined;
function applyDeferredStyles(): Promise<void> {
  if (deferredStyles) return deferredStyles;
  const template = document.getElementById("deferred-styles") as HTMLTemplateElement | null;
  const links = [...(template?.content.querySelectorAll("link") ?? [])];
  template?.remove();
  deferredStyles = Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener("load", () => resolve());
          link.addEventListener("error", () => resolve());
          document.head.append(link);
        }),
    ),
  ).then(() => {});
  return deferredStyles;
}

const start = () => {
  appStarting = true;
  // The session is the first thing the app asks for once its code runs: ask while it loads.
  fetchSessionEarly();
  // What a signed-in page waits for besides (a prerendered page has none): its few lines load
  // beside the app's code and ask at once, not once the app has rendered the page.
  if (!isPrerendered) {
    void import("./early-page-data.ts").then(({ requestPageDataEarly }) => requestPageDataEarly());
  }
  void applyDeferredStyles();
  return import("./start-app.tsx")
    .then(({ startApp }) =>
      startApp(container, {
        hydrate: isPrerendered,
        // Hydrating the page is one long task: let the dialog the visitor asked for paint first.
        beforeHydrate: () => dialogOpening,
      }),
    )
    .then(() => {
      // A marker for tests and debugging: the app is live (hydrated or rendered).
      document.documentElement.dataset.app = "ready";
    });
};

/** Resolves once the browser has painted the frame after this call. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The page's copy of the auth dialog (in its HTML, decision 005's fourth addendum) can open: the
 * page has one, the reader reads its English, and no session is stored.
 */
const canOpenCopy = () =>
  findStaticAuthDialog() !== null && detectLanguage() === "en" && !hasStoredSession();

/**
 * A call to action pressed before the app runs opens the auth dialog at once (issue 24 point 6):
 * the page's own copy of it, in its HTML (decision 005, fourth addendum), which the dialog's React
 * root takes over once its code has loaded, with what was typed meanwhile. Without that copy (a
 * client-rendered route, a reader of another language than the HTML's) the React dialog opens as
 * soon as its code is here. For a signed-in user neither happens: the press is replayed to the
 * app, which goes to the dashboard. `unhold` takes the press off the replay list once a dialog has
 * it.
 */
function openAuthDialogFromCta(button: HTMLElement, unhold: () => void) {
  const tab = button.dataset.authCta === "login" ? "login" : "signup";
  // A call to action inside a menu panel closes it (the panel would stay above the dialog).
  button.closest<HTMLElement>("[popover]")?.hidePopover();
  const shownAtOnce = canOpenCopy() && openStaticAuthDialog(tab);
  if (shownAtOnce) unhold();
  // The copy's first frame comes first: loading and evaluating the dialog's code (React) would
  // hold it back, and the take-over renders the React dialog in one task.
  const painted = shownAtOnce ? afterNextPaint() : Promise.resolve();
  void painted.then(resolveCopyPainted);
  const opening = painted
    .then(loadAuthDialogRoot)
    .then((dialog) => {
      if (shownAtOnce) dialog.adoptStaticAuthDialog();
      else if (dialog.openAuthDialogForCta(tab)) unhold();
    })
    .then(afterNextPaint)
    // Whatever happened, the app still starts; the replayed press then opens the dialog.
    .catch(() => {});
  dialogOpening = opening;
}

/**
 * Until the app is running, presses on buttons and submissions of app forms are held, then
 * replayed once it has hydrated, so nothing done in the first moments is lost. Native behaviour
 * is left alone: links, popover buttons and plain GET forms (those with a method) work without it.
 * Calls to action are the exception: they open the auth dialog at once (above).
 */
function holdInteractionsUntil(ready: Promise<unknown>) {
  const root = container as HTMLElement;
  const pressed: HTMLElement[] = [];
  const submitted: HTMLFormElement[] = [];
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>(
      "button:not([popovertarget])",
    );
    if (!button || !root.contains(button)) return;
    if (button.type === "submit" && button.form) return; // held as a submission below
    pressed.push(button);
    if (button.dataset.authCta !== undefined) {
      openAuthDialogFromCta(button, () => {
        const index = pressed.indexOf(button);
        if (index !== -1) pressed.splice(index, 1);
      });
    }
  };
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (!root.contains(form) || form.hasAttribute("method")) return;
    event.preventDefault();
    submitted.push(form);
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("submit", onSubmit, true);
  void ready.then(() => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("submit", onSubmit, true);
    for (const button of pressed) if (button.isConnected) button.click();
    for (const form of submitted) if (form.isConnected) form.requestSubmit();
  });
}

/**
 * A prerendered page is complete without JavaScript: links navigate, menus, the FAQ and the mobile
 * menu are native popovers and <details>. So English pages load the app (React, the router) on the
 * first sign of use: a pointer, a key, a touch, focus or the wheel. Pages with forms and tools
 * (data-hydrate="load"), addresses with a query, Spanish readers (the HTML is English) and
 * client-rendered routes start at once.
 */
function startOnFirstInteraction() {
  const triggers = firstInteractionEvents;
  let resolveReady: () => void = () => {};
  holdInteractionsUntil(new Promise<void>((resolve) => (resolveReady = resolve)));
  let started = false;
  const begin = (event: Pick<Event, "target">) => {
    if (started) return;
    started = true;
    for (const type of triggers) window.removeEventListener(type, begin, true);
    // Begun at a call to action, the dialog it opens comes first: the app's code (which shares
    // React with it) follows once the dialog's has loaded, so the two do not compete for the CPU.
    // On a page with the dialog's copy, nothing loads before the press (the copy needs no code
    // and what loads would hold its first frame back: the stylesheet's and React's evaluation),
    // or before a moment has passed without one (a person presses 150–600 ms after arriving).
    const atCta = event.target instanceof Element && event.target.closest("[data-auth-cta]");
    const pressFirst = atCta && canOpenCopy();
    const ready = pressFirst
      ? Promise.race([copyPainted, new Promise((resolve) => setTimeout(resolve, 600))])
      : Promise.resolve();
    void ready
      .then(() => {
        void applyDeferredStyles();
        return atCta ? loadAuthDialogRoot().catch(() => {}) : undefined;
      })
      .then(start)
      .then(() => resolveReady());
  };
  for (const type of triggers) {
    window.addEventListener(type, begin, { capture: true, passive: true });
  }
  // The visitor did something before this script ran (page-loader.ts marks it): begin now, at
  // the call to action under the pointer or focused, if any (where the missed event was). A
  // press the page loader held is replayed once this has run, and opens what it asked for then.
  if (document.documentElement.dataset.interacted !== undefined) {
    begin({ target: document.querySelector("[data-auth-cta]:hover, [data-auth-cta]:focus") });
  }
}

/**
 * The auth dialog is its own chunk (loaded when first opened). Once the app is starting (or on a
 * page without the dialog's copy), a call to action being hovered, focused or touched fetches it,
 * so the click opens the React dialog without a wait (issue 24 point 6). The app's import resolves
 * to the same module.
 */
function preloadAuthDialogNearCtas() {
  let preloaded = false;
  const onApproach = (event: Event) => {
    if (preloaded) return;
    const target = event.target;
    if (!(target instanceof Element) || !target.closest("[data-auth-cta]")) return;
    // Before the app runs, the page's copy opens without code (see startOnFirstInteraction).
    if (!appStarting && canOpenCopy()) return;
    preloaded = true;
    for (const type of approaches) window.removeEventListener(type, onApproach, true);
    void loadAuthDialogRoot();
  };
  const approaches = ["pointerover", "focusin", "touchstart"];
  for (const type of approaches) {
    window.addEventListener(type, onApproach, { capture: true, passive: true });
  }
}

preloadAuthDialogNearCtas();

const startsAtOnce =
  !isPrerendered ||
  container.dataset.hydrate === "load" ||
  // A query string asks the page to act (?code= on /data-deletion, ?auth= opens the dialog).
  window.location.search !== "" ||
  detectLanguage() !== "en";

if (!startsAtOnce) {
  startOnFirstInteraction();
} else if (isPrerendered) {
  holdInteractionsUntil(start());
} else {
  void start();
}
