import type { ConnectLogin } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";

export type ConnectCallbackParams = {
  state?: string;
  code?: string;
  error?: string;
  error_reason?: string;
  error_description?: string;
};

/** POST /api/instagram/connect/callback: what Meta put in the redirect becomes the connection. */
export const completeInstagramConnect = (login: ConnectLogin, params: ConnectCallbackParams) =>
  unwrap(api.instagram.connect.callback.$post({ json: { login, ...params } }));
