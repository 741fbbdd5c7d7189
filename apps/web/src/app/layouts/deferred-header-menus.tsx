import { useIsFetching } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { displayName, useSession } from "../../lib/session/session-provider.tsx";
import { initialsOf, userMenuTriggerClass } from "./user-menu-trigger.ts";

type HeaderMenusModule = typeof import("./header-menus.tsx");

/**
 * The notifications bell and the user menu are Radix dropdown menus: with Floating UI and Radix's
 * layers, about 29 KB of JavaScript (gzip) that no page needs to show its content. They load after
 * it: once no query is in flight and the browser is idle (3 s at the latest), or at once when a
 * placeholder is approached. Until then each shows as a look-alike button; a press or key on it
 * is replayed on the real menu once loaded, and focus moves across, so nothing is lost.
 */
let loaded: HeaderMenusModule | undefined;
let loading: Promise<HeaderMenusModule> | undefined;
function loadHeaderMenus() {
  loading ??= import("./header-menus.tsx").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

const OPEN_KEYS = ["Enter", " ", "ArrowDown"];
type Intent = { index: number; focused: boolean; press?: { pointer: string } | { key: string } };

const bellClass =
  "relative flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900";

export function DeferredHeaderMenus({
  onNotificationsClosed,
}: {
  onNotificationsClosed: () => void;
}) {
  const [menus, setMenus] = useState(() => loaded);
  const fetching = useIsFetching();
  const intent = useRef<Intent | undefined>(undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  const { session } = useSession();

  // 3 s at the latest, counted from the first render whatever the queries do meanwhile.
  useEffect(() => {
    if (loaded) return;
    const latest = window.setTimeout(
      () => void loadHeaderMenus().then((module) => setMenus(() => module)),
      3000,
    );
    return () => window.clearTimeout(latest);
  }, []);
  useEffect(() => {
    if (menus || fetching > 0) return;
    const load = () => void loadHeaderMenus().then((module) => setMenus(() => module));
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(load, 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(load, { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, [menus, fetching]);

  // Loaded: the real trigger takes the placeholder's focus and the press it was given.
  useEffect(() => {
    const pending = intent.current;
    intent.current = undefined;
    if (!menus || !pending) return;
    const trigger = wrapper.current?.querySelectorAll("button")[pending.index];
    if (!trigger) return;
    if (pending.focused || pending.press) trigger.focus();
    if (pending.press && "key" in pending.press) {
      trigger.dispatchEvent(
        new window.KeyboardEvent("keydown", {
          key: pending.press.key,
          bubbles: true,
          cancelable: true,
        }),
      );
    } else if (pending.press) {
      trigger.dispatchEvent(
        new window.PointerEvent("pointerdown", {
          pointerType: pending.press.pointer,
          button: 0,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  }, [menus]);

  if (menus) {
    return (
      <div ref={wrapper} className="contents">
        <menus.NotificationBell onClosed={onNotificationsClosed} />
        <menus.UserMenu />
      </div>
    );
  }

  const placeholderEvents = (index: number) => ({
    onPointerEnter: () => void loadHeaderMenus().then((module) => setMenus(() => module)),
    onFocus: () => {
      intent.current = { ...intent.current, index, focused: true };
      void loadHeaderMenus().then((module) => setMenus(() => module));
    },
    onBlur: () => {
      if (intent.current?.index === index && !intent.current.press) intent.current = undefined;
    },
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0 || event.ctrlKey) return;
      intent.current = { index, focused: true, press: { pointer: event.pointerType } };
      void loadHeaderMenus().then((module) => setMenus(() => module));
    },
    onKeyDown: (event: KeyboardEvent) => {
      // Escape before the menu could open: the press waiting for it is dropped, not replayed.
      if (event.key === "Escape") {
        if (intent.current?.index === index) intent.current = { index, focused: true };
        return;
      }
      if (!OPEN_KEYS.includes(event.key)) return;
      event.preventDefault();
      intent.current = { index, focused: true, press: { key: event.key } };
      void loadHeaderMenus().then((module) => setMenus(() => module));
    },
  });

  return (
    <div ref={wrapper} className="contents">
      <button
        type="button"
        aria-label="Notifications"
        aria-haspopup="menu"
        className={bellClass}
        {...placeholderEvents(0)}
      >
        <Bell aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        aria-label="User menu"
        aria-haspopup="menu"
        className={userMenuTriggerClass}
        {...placeholderEvents(1)}
      >
        {initialsOf(displayName(session))}
      </button>
    </div>
  );
}
