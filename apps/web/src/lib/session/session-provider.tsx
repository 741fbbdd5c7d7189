import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { getBrowserSessionClient, type Session, type SessionClient } from "./session-client.ts";

interface SessionContextValue {
  client: SessionClient;
  session: Session | null;
  /** "loading" until the server confirmed (or refused) the stored session. */
  status: "loading" | "ready";
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** One session client per tab, started after the first render (prerendered HTML has none). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getBrowserSessionClient);
  const [state, setState] = useState<Omit<SessionContextValue, "client">>({
    session: null,
    status: "loading",
  });
  useEffect(() => {
    const sync = () =>
      setState({ session: client.getSession(), status: client.isReady() ? "ready" : "loading" });
    const unsubscribe = client.onAuthStateChange(sync);
    client.start();
    sync();
    return unsubscribe;
  }, [client]);
  return <SessionContext.Provider value={{ client, ...state }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}

/** Spec §2: the display name is first and last name, else the e-mail's local part, else 'User'. */
export function displayName(session: Session | null): string {
  const user = session?.user;
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ").trim();
  if (name) return name;
  const local = user?.email?.split("@")[0];
  return local || "User";
}
