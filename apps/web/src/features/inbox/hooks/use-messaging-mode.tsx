import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

/** Spec §3/§4: 'api' (Instagram, the default) or 'mock' (a local sample inbox for demos). */
export type MessagingMode = "api" | "mock";

type MessagingModeValue = {
  mode: MessagingMode;
  setMode: (mode: MessagingMode) => void;
  toggle: () => void;
};

const MessagingModeContext = createContext<MessagingModeValue | null>(null);

export function MessagingModeProvider({
  children,
  initialMode = "api",
}: {
  children: ReactNode;
  initialMode?: MessagingMode;
}) {
  const [mode, setMode] = useState<MessagingMode>(initialMode);
  const value = useMemo(
    () => ({ mode, setMode, toggle: () => setMode((m) => (m === "api" ? "mock" : "api")) }),
    [mode],
  );
  return <MessagingModeContext value={value}>{children}</MessagingModeContext>;
}

/** Spec §8: the messaging-mode hook outside its provider throws. */
export function useMessagingMode(): MessagingModeValue {
  const value = useContext(MessagingModeContext);
  if (!value) {
    throw new Error("useMessagingMode must be used within a MessagingModeProvider.");
  }
  return value;
}
