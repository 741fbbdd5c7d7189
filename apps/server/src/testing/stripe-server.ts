import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the app sent to the Stripe stand-in: form fields flattened as Stripe encodes them. */
export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
}

/**
 * A local HTTP server standing in for Stripe's API (the SDK is pointed at it with its
 * host/port/protocol options through STRIPE_API_URL): records every request and answers the
 * few endpoints billing calls. Subscriptions a test wants retrieved go in `subscriptions`.
 */
export async function startStripeServer(options: { pagesOnSelf?: boolean } = {}) {
  let base = "";
  /** Where Checkout and the portal send the browser: Stripe's hosts, or (browser tests) here. */
  const page = (stripeUrl: string, path: string) =>
    options.pagesOnSelf ? `${base}${path}` : stripeUrl;
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, unknown>();
  let customers = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      req.on("end", () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stripe.test");
    const raw = await read(req);
    const form = Object.fromEntries(
      new URLSearchParams(req.method === "GET" ? url.search : raw).entries(),
    );
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      form,
      authorization: req.headers.authorization,
    });
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      customers++;
      return answer(200, { id: `cus_test_${customers}`, object: "customer" });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      return answer(200, {
        id: `cs_test_${requests.length}`,
        object: "checkout.session",
        url: page(
          `https://checkout.stripe.com/c/pay/cs_test_${requests.length}`,
          `/pay/cs_test_${requests.length}`,
        ),
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      return answer(200, {
        id: "bps_test_1",
        object: "billing_portal.session",
        url: page("https://billing.stripe.com/p/session/test_1", "/portal/test_1"),
      });
    }
    if (req.method === "GET" && /^\/(pay|portal)\//.test(url.pathname)) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Stripe stand-in</title><h1>Stripe stand-in ${url.pathname}</h1>`,
      );
      return;
    }
    const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && subscription && subscriptions.has(subscription[1]!)) {
      return answer(200, subscriptions.get(subscription[1]!));
    }
    if (req.method === "DELETE" && subscription && subscriptions.has(subscription[1]!)) {
      const canceled = { ...(subscriptions.get(subscription[1]!) as object), status: "canceled" };
      subscriptions.set(subscription[1]!, canceled);
      return answer(200, canceled);
    }
    answer(404, { error: { type: "invalid_request_error", message: "No such thing" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    requests,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
