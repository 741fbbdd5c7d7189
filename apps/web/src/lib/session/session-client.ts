import type { AppType } from "@sightline/server";
import { hc } from "hono/client";
import { ApiError, networkError, toApiError } from "../api-error.ts";
import { discardEarlyGets } from "../early-gets.ts";
import { earlySession, SESSION_PATH } from "./early-session.ts";
import { SESSION_STORAGE_KEY } from "./session-storage-key.ts";

/** Spec §4 auth events. */
export type AuthEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "MFA_CHALLENGE_VERIFIED";

export interface SessionUser {
  id: string;
  email: string;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
}

/**
 * What the browser keeps in local storage. The refresh credential itself is the httpOnly
 * session cookie, which scripts never see; `refresh_token` names the session it belongs to.
 */
export interface Session {
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  aal: "aal1" | "aal2";
  user: SessionUser;
}

export type SignOutScope = "local" | "others" | "global";
export type AuthListener = (event: AuthEvent, session: Session | null) => void;

export { SESSION_STORAGE_KEY };

/** Refresh this long before the access token expires. */
const EXPIRY_MARGIN_MS = 60_000;
/** How often the visible tab checks whether a refresh is due. */
const TICK_MS = 5_000;
const BACKOFF_START_MS = 200;
const BACKOFF_MAX_MS = 30_000;

interface Environment {
  fetch: typeof fetch;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  /** Subscribes to tab visibility and to other tabs' storage writes; returns an unsubscribe. */
  onVisibilityChange?: (listener: (visible: boolean) => void) => () => void;
  onStorage?: (listener: (key: string | null, value: string | null) => void) => () => void;
  isVisible?: () => boolean;
  /**
   * A GET of the session already under way (early-session.ts): the first confirmation takes it;
   * any other request first discards it, since its answer predates what that request changes.
   */
  initialSession?: { take(): Promise<Response> | undefined; discard(): void };
}

/** Spec §5: a stored session counts only with its tokens and expiry. */
export function parseStoredSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    if (
      typeof value.access_token !== "string" ||
      !value.access_token ||
      typeof value.refresh_token !== "string" ||
      !value.refresh_token ||
      typeof value.expires_at !== "number" ||
      !value.user ||
      typeof value.user.id !== "string"
    ) {
      return null;
    }
    return value as Session;
  } catch {
    return null;
  }
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split(".")[1] ?? "";
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const json = decodeURIComponent(
    Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join(""),
  );
  return JSON.parse(json) as Record<string, unknown>;
}

interface GetSessionBody {
  session: { id: string; aal?: string | null };
  user: {
    id: string;
    email: string;
    emailVerified: boolean;
    firstName?: string | null;
    lastName?: string | null;
  };
}

/**
 * The browser's session: persisted in local storage, shared across tabs, refreshed before the
 * access token expires (paused while the tab is hidden), with the spec's named events.
 */
export class SessionClient {
  private session: Session | null = null;
  private listeners = new Set<AuthListener>();
  private ready = false;
  private timer: unknown;
  private retryTimer: unknown;
  private retryAttempt = 0;
  private refreshing: Promise<Session | null> | undefined;
  private unsubscribers: (() => void)[] = [];
  private started = false;

  /** Our own routes (sign-out with a scope), typed like every other call of the app. */
  private readonly api;

  constructor(private readonly env: Environment) {
    this.api = hc<AppType>("/api", {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        env.initialSession?.discard();
        return env.fetch(input, init);
      },
      init: { credentials: "same-origin" },
    });
  }

  /** Before start(), the stored session as it stands (so a click before hydration knows). */
  getSession(): Session | null {
    if (!this.started) return parseStoredSession(this.env.storage.getItem(SESSION_STORAGE_KEY));
    return this.session;
  }

  isReady(): boolean {
    return this.ready;
  }

  onAuthStateChange(listener: AuthListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the stored session at once, then confirms it with the server (INITIAL_SESSION). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.session = parseStoredSession(this.env.storage.getItem(SESSION_STORAGE_KEY));
    if (!this.session) this.env.storage.removeItem(SESSION_STORAGE_KEY);
    if (this.env.onStorage) {
      this.unsubscribers.push(
        this.env.onStorage((key, value) => this.adoptFromOtherTab(key, value)),
      );
    }
    if (this.env.onVisibilityChange) {
      this.unsubscribers.push(
        this.env.onVisibilityChange((visible) =>
          visible ? this.resumeTicking() : this.pauseTicking(),
        ),
      );
    }
    void this.loadInitial();
  }

  stop(): void {
    this.pauseTicking();
    this.env.clearTimeout(this.retryTimer);
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
    this.started = false;
  }

  async signInWithPassword(email: string, password: string): Promise<{ mfaRequired: boolean }> {
    const response = await this.request("/api/auth/sign-in/email", {
      method: "POST",
      body: { email, password },
    });
    const body = (await response.json()) as { twoFactorRedirect?: boolean };
    if (body.twoFactorRedirect) return { mfaRequired: true };
    await this.establish("SIGNED_IN");
    return { mfaRequired: false };
  }

  /** Completes the second step of a sign-in (or a step-up) with a TOTP, SMS or backup code. */
  async verifyMfa(code: string, method: "totp" | "otp" | "backup-code" = "totp"): Promise<void> {
    await this.request(`/api/auth/two-factor/verify-${method}`, {
      method: "POST",
      body: { code, trustDevice: false },
    });
    await this.establish("MFA_CHALLENGE_VERIFIED");
  }

  async signUp(input: {
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
    phone?: string;
  }): Promise<void> {
    await this.request("/api/auth/sign-up/email", {
      method: "POST",
      body: {
        email: input.email,
        password: input.password,
        name: input.email,
        firstName: input.firstName || undefined,
        lastName: input.lastName || undefined,
        phone: input.phone || undefined,
        callbackURL: "/auth/callback",
      },
    });
  }

  async resendVerification(email: string): Promise<void> {
    await this.request("/api/auth/send-verification-email", {
      method: "POST",
      body: { email, callbackURL: "/auth/callback" },
    });
  }

  /** Same answer whether or not the address has an account. */
  async requestPasswordReset(email: string): Promise<void> {
    await this.request("/api/auth/request-password-reset", {
      method: "POST",
      body: { email, redirectTo: "/auth/reset-password" },
    });
  }

  async resetPassword(token: string, newPassword: string): Promise<void> {
    await this.request("/api/auth/reset-password", {
      method: "POST",
      body: { token, newPassword },
    });
  }

  /** Returns the URL to send the browser to (Google's consent screen). */
  async googleSignInUrl(): Promise<string> {
    const response = await this.request("/api/auth/sign-in/social", {
      method: "POST",
      body: {
        provider: "google",
        callbackURL: "/auth/callback",
        errorCallbackURL: "/auth/callback",
      },
    });
    const { url } = (await response.json()) as { url: string };
    return url;
  }

  /** Spec §8: sign-out ignores 401, 403 and 404; the local session goes in every case. */
  async signOut(scope: SignOutScope = "local"): Promise<void> {
    try {
      const response = await this.api.session["sign-out"]
        .$post({ json: { scope } })
        .catch(() => Promise.reject(networkError()));
      if (!response.ok) throw await toApiError(response as unknown as Response);
    } catch (error) {
      if (!(error instanceof ApiError) || ![401, 403, 404].includes(error.status)) {
        if (scope === "others") throw error;
      }
    }
    if (scope !== "others") this.clear("SIGNED_OUT");
  }

  /**
   * After a redirect that set the session cookie (e-mail verification, Google): adopts that
   * session (SIGNED_IN). Resolves null when the redirect did not sign anyone in.
   */
  async completeRedirectSignIn(): Promise<Session | null> {
    const session = await this.fetchSession();
    if (!session) return null;
    const previous = this.session;
    this.setSession(session);
    this.ready = true;
    this.emit(previous?.user.id === session.user.id ? "TOKEN_REFRESHED" : "SIGNED_IN");
    this.resumeTicking();
    return session;
  }

  /**
   * Settings' account actions on Better Auth's own endpoints (/api/auth/*, not part of AppType):
   * the JSON body of a 2xx, otherwise the typed ApiError.
   */
  async callAuth<T>(path: `/${string}`, body?: unknown): Promise<T> {
    const response = await this.request(`/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      body,
    });
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Re-reads the user after a profile change (USER_UPDATED). */
  async refreshUser(): Promise<void> {
    await this.establish("USER_UPDATED");
  }

  /** Fetches a fresh access token with the session cookie. */
  refresh(): Promise<Session | null> {
    this.refreshing ??= (async () => {
      try {
        const session = await this.establish("TOKEN_REFRESHED");
        this.retryAttempt = 0;
        return session;
      } catch (error) {
        if (error instanceof ApiError && error.isRetryable) {
          this.scheduleRetry();
          return this.session;
        }
        this.clear("SIGNED_OUT");
        return null;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private async loadInitial() {
    const stored = this.session;
    let invalidated = false;
    try {
      const session = await this.fetchSession(this.env.initialSession?.take());
      // Nobody signed in: the page's early GETs (lib/early-gets.ts) were asked for nobody.
      if (session === null) this.env.initialSession?.discard();
      invalidated = stored !== null && session === null;
      this.setSession(session);
      this.retryAttempt = 0;
    } catch (error) {
      this.env.initialSession?.discard();
      // Offline or the server is down: keep what we had and try again soon.
      if (error instanceof ApiError && error.isRetryable) this.scheduleRetry();
      else {
        invalidated = stored !== null;
        this.setSession(null);
      }
    }
    const firstLoad = !this.ready;
    this.ready = true;
    if (firstLoad) this.emit("INITIAL_SESSION");
    // Spec §4: an invalid stored session is removed and SIGNED_OUT is emitted.
    if (invalidated) this.emit("SIGNED_OUT");
    this.resumeTicking();
  }

  /** GET /api/auth/get-session answers the user and, in a header, a fresh access token. */
  private async fetchSession(early?: Promise<Response>): Promise<Session | null> {
    const response = await this.request(SESSION_PATH, { method: "GET" }, early);
    const body = (await response.json()) as GetSessionBody | null;
    const token = response.headers.get("set-auth-jwt");
    if (!body?.user || !token) return null;
    const payload = decodeJwtPayload(token);
    return {
      access_token: token,
      refresh_token: body.session.id,
      expires_at:
        typeof payload.exp === "number" ? payload.exp : Math.floor(this.env.now() / 1000) + 900,
      aal: body.session.aal === "aal2" ? "aal2" : "aal1",
      user: {
        id: body.user.id,
        email: body.user.email,
        email_verified: body.user.emailVerified,
        first_name: body.user.firstName ?? null,
        last_name: body.user.lastName ?? null,
      },
    };
  }

  private async establish(event: AuthEvent): Promise<Session | null> {
    const session = await this.fetchSession();
    if (!session) {
      // The server no longer knows this session: a permanent failure.
      throw new ApiError(401, "session_missing", "Your session has ended. Please sign in again.");
    }
    const previous = this.session;
    this.setSession(session);
    this.ready = true;
    if (event === "TOKEN_REFRESHED" && previous && previous.user.id !== session.user.id) {
      this.emit("SIGNED_IN");
    } else {
      this.emit(event);
    }
    this.resumeTicking();
    return session;
  }

  private setSession(session: Session | null) {
    this.session = session;
    if (session) this.env.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else this.env.storage.removeItem(SESSION_STORAGE_KEY);
  }

  private clear(event: "SIGNED_OUT") {
    const had = this.session !== null;
    this.setSession(null);
    this.env.clearTimeout(this.retryTimer);
    if (had || event === "SIGNED_OUT") this.emit(event);
  }

  private emit(event: AuthEvent) {
    for (const listener of [...this.listeners]) listener(event, this.session);
  }

  private adoptFromOtherTab(key: string | null, value: string | null) {
    if (key !== null && key !== SESSION_STORAGE_KEY) return;
    const next = parseStoredSession(value);
    const previous = this.session;
    this.session = next;
    if (!next) {
      if (previous) this.emit("SIGNED_OUT");
      return;
    }
    if (!previous || previous.user.id !== next.user.id) this.emit("SIGNED_IN");
    else if (JSON.stringify(previous.user) !== JSON.stringify(next.user)) this.emit("USER_UPDATED");
    else this.emit("TOKEN_REFRESHED");
  }

  private tick = () => {
    this.timer = undefined;
    const session = this.session;
    if (session && session.expires_at * 1000 - this.env.now() < EXPIRY_MARGIN_MS) {
      void this.refresh();
    }
    this.timer = this.env.setTimeout(this.tick, TICK_MS);
  };

  private resumeTicking() {
    if (this.env.isVisible && !this.env.isVisible()) return;
    if (this.timer !== undefined) return;
    this.tick();
  }

  private pauseTicking() {
    if (this.timer !== undefined) this.env.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private scheduleRetry() {
    const delay = Math.min(BACKOFF_START_MS * 2 ** this.retryAttempt, BACKOFF_MAX_MS);
    this.retryAttempt += 1;
    this.env.clearTimeout(this.retryTimer);
    this.retryTimer = this.env.setTimeout(() => {
      if (this.ready) void this.refresh();
      else void this.loadInitial();
    }, delay);
  }

  /** `early`: this request's response already under way (the first confirmation's). */
  private async request(
    path: string,
    init: { method: "GET" | "POST"; body?: unknown },
    early?: Promise<Response>,
  ) {
    if (!early) this.env.initialSession?.discard();
    let response: Response;
    try {
      response = await (early ??
        this.env.fetch(path, {
          method: init.method,
          credentials: "same-origin",
          headers: init.body === undefined ? {} : { "content-type": "application/json" },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }));
    } catch {
      throw networkError();
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }
}

let browserClient: SessionClient | undefined;

/** The tab's one session client (created on first use; the prerenderer never starts it). */
export function getBrowserSessionClient(): SessionClient {
  browserClient ??= createBrowserSessionClient();
  return browserClient;
}

/** A session client on the browser's fetch, storage, timers and visibility. */
export function createBrowserSessionClient(): SessionClient {
  return new SessionClient({
    fetch: (...args) => window.fetch(...args),
    // Read window lazily: the client is created during the prerender too, where there is none.
    storage: {
      getItem: (key) => window.localStorage.getItem(key),
      setItem: (key, value) => window.localStorage.setItem(key, value),
      removeItem: (key) => window.localStorage.removeItem(key),
    },
    // The session's early GET, and the page's (lib/early-gets.ts): any other request of the
    // session client (a sign-in, a sign-out, a refresh) drops both, read with the cookie of before.
    initialSession: {
      take: () => earlySession.take(),
      discard: () => {
        earlySession.discard();
        discardEarlyGets();
      },
    },
    now: () => Date.now(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    isVisible: () => document.visibilityState === "visible",
    onVisibilityChange: (listener) => {
      const handler = () => listener(document.visibilityState === "visible");
      document.addEventListener("visibilitychange", handler);
      return () => document.removeEventListener("visibilitychange", handler);
    },
    onStorage: (listener) => {
      const handler = (event: StorageEvent) => listener(event.key, event.newValue);
      window.addEventListener("storage", handler);
      return () => window.removeEventListener("storage", handler);
    },
  });
}
