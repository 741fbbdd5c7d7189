import type { ConnectLogin } from "@sightline/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/instagram/connect: a single-use state and the consent page's address. */
export const startInstagramConnect = (login: ConnectLogin) =>
  unwrap(api.instagram.connect.$post({ json: { login } }));

/** Starts the connection and leaves for Meta's (or the sandbox's) consent page. */
export function useStartInstagramConnect() {
  return useMutation({
    mutationFn: startInstagramConnect,
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}
