/**
 * The one inline script of a prerendered page (scripts/build.mjs compiles it and puts it at the
 * end of the body; the server's Content-Security-Policy allows it by hash). Nothing but the HTML
 * is fetched before the page's first paint (issue 27 point 2): a font or script request on that
 * path costs a round trip on a slow mobile network, and Lighthouse counts every request that
 * finished before the largest paint into it. So the page's text first paints in the
 * metric-matched fallback of Inter (index.css's "Inter Fallback") and, once it has painted:
 *
 * - Inter is added as a FontFace (after the stylesheet's own @font-face in the document's font
 *   set, so it is the face text uses once the whole stylesheet applies: that one never loads);
 * - the page's script (app/main.tsx) is imported.
 *
 * Both start at once if the visitor does something first. Presses on buttons that come before
 * the script has run are held (a form's submission too) and replayed to it, and the visitor's
 * first interaction is marked on <html data-interacted> for main.tsx, which would otherwise wait
 * for the next one: nothing done in the first moments is lost.
 *
 * Plain DOM, no framework: scripts/build.mjs bundles this file on its own (with
 * first-interaction.ts) into the page.
 */
import { firstInteractionEvents } from "./first-interaction.ts";

{
  const script = document.currentScript as HTMLScriptElement;
  const { entry, fontFamily, fontSrc, fontWeight, fontRange } = script.dataset;
  const triggers = firstInteractionEvents;
  const pressed: HTMLElement[] = [];
  let loaded = false;
  let started = false;

  const hold = (event: Event) => {
    if (loaded) return;
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("button:not([popovertarget])");
    if (!button) return;
    // A form without a method is the app's to submit: not natively, to this page's address.
    if (button.type === "submit" && button.form && !button.form.hasAttribute("method")) {
      event.preventDefault();
    }
    pressed.push(button);
    start();
  };

  const submitted: HTMLFormElement[] = [];
  /** A submission without a button (Enter in a form that has none): held the same way. */
  const holdSubmit = (event: Event) => {
    const form = event.target;
    if (loaded || !(form instanceof HTMLFormElement) || form.hasAttribute("method")) return;
    event.preventDefault();
    if (!submitted.includes(form)) submitted.push(form);
    start();
  };

  const start = () => {
    if (started) return;
    started = true;
    if (fontFamily && fontSrc && typeof FontFace === "function") {
      try {
        const face = new FontFace(fontFamily, fontSrc, {
          weight: fontWeight ?? "normal",
          unicodeRange: fontRange ?? "U+0-10FFFF",
          display: "swap",
        });
        document.fonts.add(face);
        face.load().catch(() => {});
      } catch {
        // A browser that cannot read the face keeps the fallback.
      }
    }
    if (!entry) return;
    const stopHolding = () => {
      loaded = true;
      removeEventListener("click", hold, true);
      removeEventListener("submit", holdSubmit, true);
      for (const type of triggers) removeEventListener(type, interacted, true);
    };
    import(/* @vite-ignore */ entry).then(
      () => {
        stopHolding();
        for (const button of pressed) if (button.isConnected) button.click();
        for (const form of submitted) if (form.isConnected) form.requestSubmit();
      },
      // The script did not arrive (offline, a new deploy): links and popovers still work, and
      // nothing more is held for a script that will not run.
      stopHolding,
    );
  };

  let painted = false;
  const interacted = (event: Event) => {
    document.documentElement.dataset.interacted = "";
    // A pointer moving before anything is painted is no reason to fetch sooner (Chromium moves
    // it when a page lays out under it): the script comes after the paint, and begins at once.
    if (event.type === "pointermove" && !painted) return;
    start();
  };

  addEventListener("click", hold, true);
  addEventListener("submit", holdSubmit, true);
  for (const type of triggers) {
    addEventListener(type, interacted, { capture: true, passive: true });
  }

  // After the first paint has been presented: the paint entries are reported once it has.
  const supported =
    typeof PerformanceObserver === "function"
      ? (PerformanceObserver.supportedEntryTypes ?? [])
      : [];
  const type = supported.includes("largest-contentful-paint")
    ? "largest-contentful-paint"
    : supported.includes("paint")
      ? "paint"
      : undefined;
  const afterPaint = (list: PerformanceObserverEntryList) => {
    // Of the paint entries, the first contentful one (first-paint may be the background alone).
    if (type === "paint" && list.getEntriesByName("first-contentful-paint").length === 0) return;
    painted = true;
    setTimeout(start, 0);
  };
  if (type) new PerformanceObserver(afterPaint).observe({ type, buffered: true });
  // Without paint entries, once the page has loaded. A page that reports none (one loaded in a
  // background tab may not) starts a few seconds after its load: long enough that a page on a
  // busy machine has painted first.
  addEventListener("load", () => setTimeout(start, type ? 5000 : 0));
}
