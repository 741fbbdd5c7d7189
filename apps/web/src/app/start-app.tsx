import "../lib/zod-config.ts";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppTree } from "./app-tree.tsx";
import { AppRoutes, routes } from "./router.tsx";
import { loadRoutesFor, RoutesBrowserRouter } from "./routes/declare-routes.tsx";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The value a prerendered field shows before anyone types (its HTML's). */
function initialValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? "";
  }
  return field.defaultValue;
}

/**
 * What was typed or chosen in a prerendered page's fields before it hydrated (its script arrives
 * after the first paint: src/app/page-loader.ts). Hydration leaves the components' state empty
 * and may clear a field (a <textarea>): restoreTypedValues hands each value to them.
 */
function typedValues(container: HTMLElement): [Field, string | boolean][] {
  const typed: [Field, string | boolean][] = [];
  for (const field of container.querySelectorAll<Field>("input, textarea, select")) {
    if (
      field instanceof HTMLInputElement &&
      (field.type === "checkbox" || field.type === "radio")
    ) {
      if (field.checked !== field.defaultChecked) typed.push([field, field.checked]);
    } else if (!(field instanceof HTMLInputElement && field.type === "file")) {
      if (field.value !== initialValue(field)) typed.push([field, field.value]);
    }
  }
  return typed;
}

/** Gives each value back as the visitor's own change, so the component's onChange takes it. */
function restoreTypedValues(typed: [Field, string | boolean][]) {
  for (const [field, value] of typed) {
    if (!field.isConnected || field.disabled) continue;
    if (typeof value === "boolean") {
      if (field instanceof HTMLInputElement && field.checked !== value) field.click();
      continue;
    }
    // React tracks what it last set through the element's own `value`: set something else that
    // way, then the value through the prototype's setter, so the event reads as a change.
    const prototype = Object.getPrototypeOf(field) as object;
    const setValue = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
    if (!setValue) continue;
    field.value = value === "" ? " " : "";
    setValue.call(field, value);
    const type = field instanceof HTMLSelectElement ? "change" : "input";
    field.dispatchEvent(new Event(type, { bubbles: true }));
  }
}

/**
 * Renders the app into #root: hydrates a prerendered page, else renders from scratch. Resolves
 * once the first render has committed (event listeners attached). `beforeHydrate` may hold the
 * hydration back (main.tsx: until a dialog asked for meanwhile has painted).
 */
export async function startApp(
  container: HTMLElement,
  options: { hydrate: boolean; beforeHydrate?: () => Promise<unknown> | undefined },
) {
  // The current address's route modules first: hydration then renders what was prerendered, and
  // a first render does not suspend with no page on screen.
  await loadRoutesFor(routes, window.location.pathname).catch(() => {});
  if (options.hydrate) await options.beforeHydrate?.();
  const typed = options.hydrate ? typedValues(container) : [];
  await new Promise<void>((resolve) => {
    const app = (
      <AppTree
        onReady={() => {
          restoreTypedValues(typed);
          resolve();
        }}
        isHydrating={options.hydrate}
      >
        <RoutesBrowserRouter routes={routes}>
          <AppRoutes />
        </RoutesBrowserRouter>
      </AppTree>
    );
    if (options.hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
