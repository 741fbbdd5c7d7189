import type { ConnectLogin } from "@sightline/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/**
 * What to ask Meta for: a login method, and with `switch` the connected account again through
 * the other method (every stored row kept; another account is refused on the way back).
 */
export type ConnectRequest = { login: ConnectLogin; switch?: boolean };

/** POST /api/instagram/connect: a single-use state and the consent page's address. */
export const startInstagramConnect = (request: ConnectRequest) =>
  unwrap(api.instagram.connect.$post({ json: request }));

/** Starts the connection and leaves for Meta's (or the sandbox's) consent page. */
export function useStartInstagramConnect() {
  return useMutation({
    mutationFn: startInstagramConnect,
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}
