import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the exchange-rate provider (the one part of the world tests
 * cannot reach). Answers like exchangerate-api: { conversion_rates: {...} }.
 */
export async function startFakeRates(rates: Record<string, number>) {
  const state = { rates, failing: false, requests: [] as string[] };
  let asked: () => void;
  const firstRequest = new Promise<void>((resolve) => (asked = resolve));
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? "");
    asked();
    if (state.failing) {
      res.writeHead(503).end("down");
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ result: "success", base_code: "JPY", conversion_rates: state.rates }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    /** Settles when the first request has come in. */
    firstRequest,
    url: `http://127.0.0.1:${port}/v6/{key}/latest/JPY`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
