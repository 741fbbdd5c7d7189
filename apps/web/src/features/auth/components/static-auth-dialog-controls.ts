/**
 * The page's own copy of the auth dialog (static-auth-dialog.tsx, in every public page's HTML)
 * working before any React has loaded: app/main.tsx opens it on a call to action's press, and the
 * dialog's React root (auth-dialog-root.tsx) takes over from it once its code has arrived, with
 * what was typed, the focus and the caret (decision 005, fourth addendum). No React here: this
 * module is part of the page's first script.
 */
import type { AuthTab } from "../../../lib/auth-cta.tsx";

export const STATIC_AUTH_DIALOG_ID = "auth-dialog-static";

/** The tab a field, button or panel belongs to (`data-auth-form` on each form). */
const formOf = (element: Element) =>
  element.closest<HTMLElement>("[data-auth-form]")?.dataset.authForm as AuthTab | undefined;

/** What the visitor did in the page's copy, for the React dialog to carry on from. */
export interface StaticAuthDialogSnapshot {
  tab: AuthTab;
  values: Record<AuthTab, Record<string, string>>;
  /** The focused control, as its position among the dialog's shown controls. */
  focus?: { index: number; selection?: [number, number, "forward" | "backward" | "none"] };
  /** Buttons pressed (show password, forgot password...), positions as for `focus`. */
  pressed: number[];
  /** A form submitted (Enter in the login form) before the app could handle it. */
  submitted?: AuthTab;
}

interface Pending {
  pressed: number[];
  submitted?: AuthTab;
}
const pendingOf = new WeakMap<HTMLDialogElement, Pending>();

export function findStaticAuthDialog(): HTMLDialogElement | null {
  const element = document.getElementById(STATIC_AUTH_DIALOG_ID);
  return element instanceof HTMLDialogElement ? element : null;
}

/**
 * The controls a visitor can reach, in order, leaving out the hidden tab's. The React dialog
 * renders the same markup (the same components), so a position here is the same control there.
 */
export function shownControls(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("input, button, a[href]")].filter(
    (element) => !element.closest("[hidden]"),
  );
}

function selectTab(dialog: HTMLDialogElement, tab: AuthTab) {
  for (const trigger of dialog.querySelectorAll<HTMLElement>("[role=tab]")) {
    const selected = trigger.dataset.authTab === tab;
    trigger.setAttribute("aria-selected", String(selected));
    trigger.dataset.state = selected ? "active" : "inactive";
    trigger.tabIndex = selected ? 0 : -1;
  }
  for (const panel of dialog.querySelectorAll<HTMLElement>("[role=tabpanel]")) {
    const selected = panel.dataset.authPanel === tab;
    panel.hidden = !selected;
    panel.dataset.state = selected ? "active" : "inactive";
  }
}

const selectedTab = (dialog: HTMLDialogElement): AuthTab =>
  dialog.querySelector<HTMLElement>("[role=tab][aria-selected=true]")?.dataset.authTab === "signup"
    ? "signup"
    : "login";

/*
 * The React dialog locks the page's scroll (react-remove-scroll: no scroll bar, and a margin as
 * wide as the bar so nothing moves). The page's copy does the same, so that the page does not
 * shift when the React dialog takes over: react-remove-scroll counts this margin in its own.
 */
let scrollLocked = false;
function lockScroll() {
  if (scrollLocked) return;
  scrollLocked = true;
  const bar = window.innerWidth - document.documentElement.clientWidth;
  document.body.style.overflow = "hidden";
  if (bar > 0) document.body.style.marginRight = `${bar}px`;
}
export function unlockScroll() {
  if (!scrollLocked) return;
  scrollLocked = false;
  document.body.style.overflow = "";
  document.body.style.marginRight = "";
}

function focusFirstField(dialog: HTMLDialogElement) {
  shownControls(dialog)
    .find((element) => element instanceof HTMLInputElement)
    ?.focus();
}

function wire(dialog: HTMLDialogElement) {
  if (pendingOf.has(dialog)) return;
  const pending: Pending = { pressed: [] };
  pendingOf.set(dialog, pending);
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    // A press on the backdrop is a click on the <dialog> itself, outside its box.
    if (target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
      return;
    }
    const button = target.closest("button");
    if (!button) return;
    if (button.dataset.authClose !== undefined) {
      dialog.close();
    } else if (button.getAttribute("role") === "tab") {
      selectTab(dialog, button.dataset.authTab === "signup" ? "signup" : "login");
    } else if (button.type !== "submit") {
      // Show password, Forgot password: done by the React dialog as soon as it is here.
      pending.pressed.push(shownControls(dialog).indexOf(button));
    }
  });
  // The tabs as Radix's: arrows (and Home, End) move between them and select.
  dialog.addEventListener("keydown", (event) => {
    const trigger = (event.target as Element).closest<HTMLElement>("[role=tab]");
    if (!trigger) return;
    const tabs = [...dialog.querySelectorAll<HTMLElement>("[role=tab]")];
    const at = tabs.indexOf(trigger);
    const next =
      event.key === "ArrowRight"
        ? tabs[(at + 1) % tabs.length]
        : event.key === "ArrowLeft"
          ? tabs[(at - 1 + tabs.length) % tabs.length]
          : event.key === "Home"
            ? tabs[0]
            : event.key === "End"
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    selectTab(dialog, next.dataset.authTab === "signup" ? "signup" : "login");
    next.focus();
  });
  dialog.addEventListener("submit", (event) => {
    event.preventDefault();
    pending.submitted = formOf(event.target as Element);
  });
  // Escape, the close button, the backdrop: closed like the React dialog, which forgets what was
  // typed (its forms unmount); the focus goes back to the call to action (the browser does that).
  dialog.addEventListener("close", () => {
    if (dialog.dataset.adopted !== undefined) return;
    unlockScroll();
    for (const form of dialog.querySelectorAll("form")) form.reset();
    pending.pressed = [];
    pending.submitted = undefined;
  });
}

/**
 * Opens the page's copy of the dialog on a tab, with the focus in its first field. False when the
 * page has none (a client-rendered route) or it has been replaced by the React dialog already.
 */
export function openStaticAuthDialog(tab: AuthTab): boolean {
  const dialog = findStaticAuthDialog();
  if (!dialog) return false;
  wire(dialog);
  if (!dialog.open) {
    selectTab(dialog, tab);
    lockScroll();
    dialog.showModal();
    focusFirstField(dialog);
  }
  return true;
}

/** What was typed, focused, pressed and submitted in the page's copy. */
export function readStaticAuthDialog(dialog: HTMLDialogElement): StaticAuthDialogSnapshot {
  const values: StaticAuthDialogSnapshot["values"] = { login: {}, signup: {} };
  for (const input of dialog.querySelectorAll<HTMLInputElement>("input[name]")) {
    const form = formOf(input);
    if (form && input.value !== "") values[form][input.name] = input.value;
  }
  const snapshot: StaticAuthDialogSnapshot = {
    tab: selectedTab(dialog),
    values,
    pressed: [...(pendingOf.get(dialog)?.pressed ?? [])],
  };
  const submitted = pendingOf.get(dialog)?.submitted;
  if (submitted) snapshot.submitted = submitted;
  const focused = document.activeElement;
  const index =
    focused instanceof HTMLElement && dialog.contains(focused)
      ? shownControls(dialog).indexOf(focused)
      : -1;
  if (index !== -1) {
    snapshot.focus = { index };
    // E-mail fields have no selection API (null): their caret stays at the end of the value.
    if (focused instanceof HTMLInputElement && focused.selectionStart !== null) {
      snapshot.focus.selection = [
        focused.selectionStart,
        focused.selectionEnd ?? focused.selectionStart,
        focused.selectionDirection ?? "none",
      ];
    }
  }
  return snapshot;
}

/**
 * Takes the page's copy off the screen and out of the document, for the React dialog that has
 * just been rendered in the same task (so no frame shows neither or both).
 */
export function closeStaticAuthDialogForTakeOver(dialog: HTMLDialogElement) {
  dialog.dataset.adopted = "";
  // A modal <dialog> makes the rest of the page inert: it must close before the React dialog's
  // fields can take the focus.
  dialog.close();
}

/** Carries on in the React dialog (`content`) from where the visitor was in the page's copy. */
export function continueInDialog(content: HTMLElement, snapshot: StaticAuthDialogSnapshot) {
  const controls = shownControls(content);
  const focused = snapshot.focus ? controls[snapshot.focus.index] : undefined;
  if (focused) {
    focused.focus();
    if (focused instanceof HTMLInputElement && snapshot.focus?.selection) {
      try {
        focused.setSelectionRange(...snapshot.focus.selection);
      } catch {
        // A field without a caret: the focus is enough.
      }
    }
  } else {
    controls.find((element) => element instanceof HTMLInputElement)?.focus();
  }
  for (const index of snapshot.pressed) controls[index]?.click();
  if (snapshot.submitted) {
    content
      .querySelector<HTMLFormElement>(`form[data-auth-form="${snapshot.submitted}"]`)
      ?.requestSubmit();
  }
}
