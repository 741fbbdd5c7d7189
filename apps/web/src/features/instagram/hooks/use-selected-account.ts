import { useQuery } from "@tanstack/react-query";
import { useEffect, useReducer, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  ACCOUNT_PARAM,
  getSelectedAccountId,
  onSelectedAccountChange,
  searchWithAccount,
  setSelectedAccountId,
} from "../../../lib/account.ts";
import { instagramAccountsQueryOptions } from "../api/use-instagram-accounts.ts";

/** The account this tab acts on (null: the workspace's first), re-rendering when it changes. */
export function useSelectedAccountId(): string | null {
  const [, changed] = useReducer((count: number) => count + 1, 0);
  useEffect(() => onSelectedAccountChange(changed), []);
  return getSelectedAccountId();
}

/**
 * Keeps the selected account and the address in step (issue 29 point 3): `?account=` in an
 * address opened or gone back to selects that account; a page reached without it (a sidebar
 * link) gets it added, so a copied link or a reload shows the same account. An account the
 * workspace no longer has (disconnected, another workspace's link) is dropped, and with it the
 * parameter: the workspace's first account shows.
 */
export function useAccountInAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const selected = useSelectedAccountId();
  const { data } = useQuery(instagramAccountsQueryOptions());
  // Accounts found stale: an address still naming one (until its replacement lands) is ignored.
  const dropped = useRef(new Set<string>());

  // The address selects only when it is new (opened, navigated to, gone back to); a choice made
  // in the switcher is then written into the address, not overruled by it.
  const seenLocation = useRef<string | null>(null);

  useEffect(() => {
    const named = new URLSearchParams(location.search).get(ACCOUNT_PARAM);
    const isNewAddress = seenLocation.current !== location.key;
    seenLocation.current = location.key;
    if (isNewAddress && named && named !== selected && !dropped.current.has(named)) {
      setSelectedAccountId(named);
      return;
    }
    if (selected && named !== selected) {
      navigate(
        {
          pathname: location.pathname,
          search: searchWithAccount(location.search),
          hash: location.hash,
        },
        { replace: true, state: location.state },
      );
    }
  }, [location, navigate, selected]);

  useEffect(() => {
    if (!data) return;
    // An account connected again may be named by an address again.
    for (const connection of data.connections) dropped.current.delete(connection.instagram_id);
    if (!selected) return;
    if (data.connections.some((connection) => connection.instagram_id === selected)) return;
    dropped.current.add(selected);
    setSelectedAccountId(null);
    const params = new URLSearchParams(location.search);
    params.delete(ACCOUNT_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [data, selected, location, navigate]);
}
