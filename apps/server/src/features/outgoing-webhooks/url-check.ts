import { checkFetchableUrl, SafeFetchError } from "../../lib/safe-fetch.ts";
import type { WebhookFetchOptions } from "./context.ts";

/** Names that are this machine or a private network's whatever DNS says. */
const localNames = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

/**
 * The safe-fetch rules, beside its own: no names of this machine or a local network (unless the
 * loopback override of tests is on).
 */
export function webhookUrlRule(options: WebhookFetchOptions) {
  return (url: URL) =>
    Boolean(options.allowPrivateAddressesForTests) || !localNames.test(url.hostname);
}

const refusals: Record<string, string> = {
  invalid_url: "This is not a valid URL.",
  not_https: "The URL must start with https://.",
  credentials: "The URL must not contain a user name or password.",
  ip_literal: "Use a host name, not an IP address.",
  not_allowed: "This address is on a private network or this machine: Sightline cannot call it.",
  private_address:
    "This host resolves to a private or reserved address: Sightline calls public addresses only.",
  network: "This host name could not be resolved.",
};

/**
 * Checks a URL as it is saved, by the rules every delivery is checked by again (DNS can change):
 * answers the normalised URL, or a sentence saying why it is refused.
 */
export async function checkWebhookUrl(
  raw: string,
  options: WebhookFetchOptions,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: refusals.invalid_url! };
  }
  url.hash = "";
  try {
    await checkFetchableUrl(
      url,
      {
        allowUrl: webhookUrlRule(options),
        ...(options.allowHttp ? { allowHttp: true } : {}),
        ...(options.lookup ? { lookup: options.lookup } : {}),
        ...(options.allowPrivateAddressesForTests ? { allowPrivateAddressesForTests: true } : {}),
      },
      AbortSignal.timeout(5_000),
    );
  } catch (error) {
    if (error instanceof SafeFetchError) {
      return { ok: false, message: refusals[error.reason] ?? "This URL cannot be called." };
    }
    return { ok: false, message: refusals.network! };
  }
  return { ok: true, url: url.href };
}
