import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawHttp } from "../support/raw-http";
import { baseUrl } from "../support/browser";
import {
  RUNS,
  FEW,
  BUDGET,
  FORM_LIMIT,
  value,
  send,
  answersCleanly,
  listKeys,
  query,
  setUpFuzzFixtures,
} from "../support/fuzz";

setUpFuzzFixtures();

describe("fuzzing the lists", () => {
  it("names of an object's built-in members as filter values answer a normal page (once found by fuzzing)", async () => {
    for (const list of ["/vehicles", "/parts"])
      for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"])
        for (const q of [`Make=${name}`, `Make=Toyota&Model=${name}`, `Type=${name}`, `Type=${name}&SubType=${name}`]) {
          const r = await send(`${list}?${q}`);
          expect(r.status, `${list}?${q}`).toBe(200);
          answersCleanly(r);
        }
  });

  for (const list of ["/vehicles", "/parts"]) {
    it(`${list}: ${RUNS} query strings, no 5xx, nothing echoed unescaped, never more than 100 cards`, async () => {
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const r = await send(`${list}?${q}`);
          answersCleanly(r);
          expect((r.body.match(/data-testid="stock-card-link"/g) ?? []).length).toBeLessThanOrEqual(100);
        }),
        { numRuns: RUNS, ...BUDGET },
      );
    }, 300_000);
  }

  it(`/compare: ${RUNS} query strings; a page with at most 4 vehicles`, async () => {
    const ids = fc.oneof(
      fc.array(fc.integer({ min: -5, max: 80 }), { maxLength: 8 }).map((l) => l.join(",")),
      fc.array(fc.oneof(fc.integer({ min: 1, max: 60 }).map(String), value), { maxLength: 6 }).map((l) => l.join(",")),
      value,
    );
    const compareQuery = fc
      .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constant("ids") }, fc.constantFrom(...listKeys)), ids), {
        maxLength: 4,
      })
      .map((pairs) => new URLSearchParams(pairs).toString());
    await fc.assert(
      fc.asyncProperty(compareQuery, async (q) => {
        const r = await send(`/compare?${q}`);
        answersCleanly(r);
        expect(r.status).toBe(200);
        expect((r.body.match(/data-testid="compare-column"/g) ?? []).length).toBeLessThanOrEqual(4);
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 300_000);

  it(`/recently-viewed: ${RUNS} lists of ids; only existing vehicles, in the order asked, at most 12`, async () => {
    const idList = fc.array(fc.oneof(fc.integer({ min: -3, max: 70 }).map(String), value), { maxLength: 20 });
    await fc.assert(
      fc.asyncProperty(fc.array(idList, { maxLength: 3 }), async (lists) => {
        const q = new URLSearchParams(lists.map((l) => ["ids", l.join(",")])).toString();
        const r = await send(`/recently-viewed?${q}`);
        expect(r.status).toBe(200);
        const items = (JSON.parse(r.body) as { items: { id: number }[] }).items;
        expect(items.length).toBeLessThanOrEqual(12);
        // An id is a number however it is written ("01" asks for vehicle 1).
        const asked = lists
          .join(",")
          .split(",")
          .map((s) => s.trim())
          .map((s) => (/^\d+$/.test(s) ? String(Number(s)) : s));
        const positions = items.map((i) => asked.indexOf(String(i.id)));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 300_000);
});

describe("fuzzing raw HTTP", () => {
  /*
   * Messages fetch cannot send: bad Host headers, "*" and absolute-form
   * targets, broken percent-encoding, odd methods, bodies of every type and
   * encoding, chunked or not. Every message is complete (its body as long as
   * it says), so a missing answer is the shop's, never a half-sent request.
   */
  const port = () => new URL(baseUrl()).port;
  const PATHS = [
    "/",
    "/vehicles",
    "/vehicles/1",
    "/login",
    "/preferences",
    "/admin",
    "/admin/login",
    "/sitemap.xml",
    "/media/x",
    "/admin/upload-vehicle",
  ];
  /** Header values may be anything but a line break (which would end the header and change the message). */
  const headerText = (maxLength: number) =>
    fc.string({ unit: "binary", maxLength }).map((s) => s.replace(/[\r\n]/g, ""));
  // Mostly the shop's own Host and paths, so most messages reach the pages; the rest is junk.
  const host = fc.oneof(
    { weight: 10, arbitrary: fc.constant("SELF") },
    fc.constantFrom(
      undefined,
      "",
      " ",
      "localhost",
      "localhost:99999999999",
      "localhost:0",
      "localhost:65536",
      "localhost:",
      "localhost:80:80",
      "[::1",
      "::1]",
      "[::1]",
      "[::1]:8080",
      "[::1]]:80",
      "ホスト.example",
      "a b",
      "evil.example",
      "x".repeat(300),
      "-bad-.example",
      "127.0.0.1:-1",
      "%41.example",
      "user@evil.example",
      "evil.example/path",
    ),
    headerText(30),
  );
  const target = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...PATHS) },
    fc.constantFrom(
      "*",
      "http://evil.example/",
      "SELF-ABSOLUTE",
      "//double",
      "//evil.example/vehicles",
      "/%ZZ",
      "/vehicles/%E0%A4%A",
      "/vehicles?Make=%ZZ&Model=%E0%A4%A",
      "/%00",
      "/vehicles/%2e%2e/%2e%2e/etc/passwd",
      "/車",
      "/vehicles?Make=車",
      `/${"a".repeat(20_000)}`,
      `/vehicles?${"Make=x&".repeat(3_000)}`,
      "/vehicles.data",
      "/_root.data",
      "/admin/../admin",
      "/media/../../etc/passwd",
      "/media/%2e%2e%2fsecret",
    ),
    fc.tuple(fc.constantFrom(...PATHS), headerText(40)).map(([p, s]) => `${p}?${s.replace(/[\s]/g, "")}`),
  );
  /** Methods Node's parser lets through to the shop (CONNECT is Node's own, and closes the connection). */
  const METHODS = [
    "GET",
    "HEAD",
    "POST",
    "PUT",
    "DELETE",
    "OPTIONS",
    "PATCH",
    "TRACE",
    "PROPFIND",
    "MKCOL",
    "SEARCH",
    "PURGE",
  ];
  // TRACE has a test of its own below (every method on every path), so that while it fails
  // the fuzz here still reaches everything else.
  const method = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("GET", "HEAD", "POST") },
    fc.constantFrom(...METHODS.filter((m) => m !== "TRACE"), "FOO", "get", "G E T"),
  );
  const contentType = fc.constantFrom(
    undefined,
    "application/json",
    "text/plain",
    "multipart/form-data",
    "multipart/form-data; boundary=XyZ",
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=klingon",
    "image/png",
    "",
  );
  const formBody = "email=a%40b.example&password=x&intent=request";
  /** Absent most of the time. */
  const rarely = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
  const body = fc.oneof(
    fc.constantFrom(
      "",
      formBody,
      '{"email":"a@b.example"}',
      `--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`,
    ),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")),
    fc.constant("GZIP"),
    fc.integer({ min: FORM_LIMIT + 1, max: 3 * FORM_LIMIT }).map((n) => `BIG:${n}`),
  );
  type Message = {
    method: string;
    target: string;
    version: string;
    host: string | undefined;
    forwardedHost: string | undefined;
    origin: string | undefined;
    contentType: string | undefined;
    encoding: string | undefined;
    body: string;
    chunks: number;
  };
  const message: fc.Arbitrary<Message> = fc.record({
    method,
    target,
    version: fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/1.0"),
    host,
    forwardedHost: rarely(fc.oneof(fc.constantFrom("evil.example", "bad host", "[::1", ""), headerText(20))),
    origin: rarely(fc.constantFrom("http://evil.example", "null", "SELF")),
    contentType,
    encoding: fc.option(fc.constantFrom("gzip", "br", "deflate", "identity", "klingon"), { nil: undefined }),
    body,
    chunks: fc.integer({ min: 0, max: 3 }),
  });

  let ipNo = 0;
  /** The bytes of a complete message; chunks: 0 sends a Content-Length, 1-3 that many chunks. */
  function bytesOf(m: Message): Buffer {
    const self = `127.0.0.1:${port()}`;
    const t = m.target === "SELF-ABSOLUTE" ? `http://${self}/vehicles` : m.target;
    // "GZIP" is a form compressed; "BIG:n" a form of n bytes (kept short in a counterexample).
    const big = /^BIG:(\d+)$/.exec(m.body);
    const payload =
      m.body === "GZIP"
        ? gzipSync(formBody)
        : big
          ? Buffer.from(`big=${"x".repeat(Number(big[1]) - 4)}`)
          : Buffer.from(m.body, "latin1");
    const lines = [`${m.method} ${t} ${m.version}`];
    if (m.host !== undefined) lines.push(`Host: ${m.host === "SELF" ? self : m.host}`);
    // A made-up client address per message: the shop's limits for loopback stay untouched for the other tests.
    lines.push(`X-Forwarded-For: 198.18.${(++ipNo >> 8) & 255}.${ipNo & 255}`);
    if (m.forwardedHost !== undefined) lines.push(`X-Forwarded-Host: ${m.forwardedHost}`);
    if (m.origin !== undefined) lines.push(`Origin: ${m.origin === "SELF" ? `http://${self}` : m.origin}`);
    if (m.contentType !== undefined) lines.push(`Content-Type: ${m.contentType}`);
    if (m.encoding !== undefined) lines.push(`Content-Encoding: ${m.encoding}`);
    lines.push("Connection: close");
    let framed: Buffer;
    if (m.chunks === 0 || m.version === "HTTP/1.0") {
      if (payload.length > 0 || m.method !== "GET") lines.push(`Content-Length: ${payload.length}`);
      framed = payload;
    } else {
      lines.push("Transfer-Encoding: chunked");
      const size = Math.ceil(payload.length / m.chunks) || 1;
      const parts: Buffer[] = [];
      for (let at = 0; at < payload.length; at += size) {
        const piece = payload.subarray(at, at + size);
        parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
      }
      parts.push(Buffer.from("0\r\n\r\n"));
      framed = Buffer.concat(parts);
    }
    return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "utf8"), framed]);
  }
  const shown = (m: Message) =>
    JSON.stringify({ ...m, body: m.body.length > 80 ? `${m.body.slice(0, 80)}… (${m.body.length})` : m.body });

  it(`${RUNS} messages: every one is answered, below 500, within 10 s`, async () => {
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        const r = await rawHttp(baseUrl(), bytesOf(m), 10_000);

        expect(r.status, `no answer to ${shown(m)}`).toBeGreaterThanOrEqual(100);
        expect(r.status, `${shown(m)}\n${r.head}\n${r.body.slice(0, 300)}`).toBeLessThan(500);
        expect(r.closed, `connection left open after ${shown(m)}`).toBe(true);
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 600_000);

  const FORM_PATHS = PATHS.filter((p) => !["/media/x", "/admin/upload-vehicle"].includes(p));
  const wellAddressed = fc.record({
    method: fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
    target: fc.constantFrom(...FORM_PATHS),
    version: fc.constant("HTTP/1.1"),
    host: fc.constant("SELF"),
    forwardedHost: fc.constant(undefined),
    origin: fc.constant(undefined),
    encoding: fc.constant(undefined),
    chunks: fc.integer({ min: 0, max: 3 }),
  });

  it(`${FEW / 2} form bodies over 64 KB, sized or chunked, answer 413`, async () => {
    await fc.assert(
      fc.asyncProperty(
        wellAddressed,
        fc.constantFrom(
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=XyZ",
          "text/plain",
          undefined,
        ),
        fc.integer({ min: FORM_LIMIT + 1, max: 4 * FORM_LIMIT }),
        async (m, contentType, size) => {
          const sent = { ...m, contentType, body: `BIG:${size}` };
          const r = await rawHttp(baseUrl(), bytesOf(sent), 10_000);
          expect(r.status, shown(sent)).toBe(413);
        },
      ),
      { numRuns: FEW / 2, ...BUDGET },
    );
  }, 300_000);

  it(`${FEW} bodies that are not forms answer 415 or 400, before any action`, async () => {
    const notForm = fc.oneof(
      fc.record({
        contentType: fc.constantFrom("application/json", "text/plain", "image/png", "application/xml"),
        encoding: fc.constant(undefined),
        body: fc.oneof(fc.constant('{"email":"a@b.example"}'), fc.string({ minLength: 1, maxLength: 200 })),
        expected: fc.constant(415),
      }),
      fc.record({
        contentType: fc.constantFrom(
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=XyZ",
          undefined,
        ),
        encoding: fc.constantFrom("gzip", "br", "deflate", "klingon"),
        body: fc.constantFrom("GZIP", formBody),
        expected: fc.constant(415),
      }),
      fc.record({
        contentType: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=XyZ"),
        encoding: fc.constant(undefined),
        body: fc.oneof(
          fc.constant(`--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`),
          fc.string({ minLength: 1, maxLength: 200 }),
        ),
        expected: fc.constant(400),
      }),
    );
    await fc.assert(
      fc.asyncProperty(wellAddressed, notForm, async (m, { expected, ...b }) => {
        const sent = { ...m, ...b };
        const r = await rawHttp(baseUrl(), bytesOf(sent), 10_000);
        expect(r.status, shown(sent)).toBe(expected);
      }),
      { numRuns: FEW, ...BUDGET },
    );
  }, 300_000);

  // Found by the fuzz above: a TRACE reached `new Request()`, which refuses that method, and the shop answered 500.
  it(`every method Node lets through, on each of the ${PATHS.length} paths, with and without a form, answers below 500`, async () => {
    const wrong: string[] = [];
    for (const method of METHODS)
      for (const target of PATHS)
        for (const body of ["", formBody]) {
          const m: Message = {
            method,
            target,
            version: "HTTP/1.1",
            host: "SELF",
            forwardedHost: undefined,
            origin: undefined,
            contentType: body ? "application/x-www-form-urlencoded" : undefined,
            encoding: undefined,
            body,
            chunks: 0,
          };
          const r = await rawHttp(baseUrl(), bytesOf(m), 10_000);
          if (r.status < 100 || r.status >= 500)
            wrong.push(`${method} ${target}${body ? " with a form" : ""}: ${r.status}`);
        }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("the shop is still well afterwards: /healthz answers 200", async () => {
    const r = await send("/healthz");
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ status: "ok" });
  });
});
