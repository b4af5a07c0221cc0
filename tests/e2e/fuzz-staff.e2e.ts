import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PART_MODELS, PART_SUB_TYPES, VEHICLE_MODELS } from "~/domain/inventory/catalogue";
import { canOffer, isQuoteStatus, nextStatus, type QuoteEvent } from "~/domain/sale/quote-status";
import { createQuote } from "~/domain/quotes/quotes.server";
import { COOKIES, cookieName } from "~/utils/cookies";
import { baseUrl, withShopDb, writeShopDb, shopDataDir } from "../support/browser";
import {
  FEW,
  BUDGET,
  MARK,
  value,
  foreignId,
  foreignNumber,
  redirectTarget,
  send,
  type Fields,
  overLimit,
  post,
  type JunkFile,
  postMultipart,
  answersCleanly,
  cookieOf,
  STAFF_COOKIE,
  tag,
  STAFF,
  STAFF_2FA,
  buyerCookie,
  staffCookie,
  staff2faCookie,
  mine,
  ownStock,
  ownPorts,
  listVehicle,
  listPart,
  nextStockNo,
  setUpFuzzFixtures,
} from "../support/fuzz";

setUpFuzzFixtures();

describe("fuzzing the staff panel", () => {
  const adminKeys = ["q", "make", "type", "status", "band", "min", "max", "sort", "page", "perPage", "notice"];
  const adminQuery = fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...adminKeys) }, fc.string({ maxLength: 10 })),
        fc.oneof(
          value,
          fc.constantFrom("available", "sold", "price_asc", "name", "200", "100", "Toyota", "SUV", "0-1000000"),
          fc.integer({ min: -10, max: 1e15 }).map(String),
        ),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());

  for (const list of [
    "/admin/all-products",
    "/admin/all-parts-products",
    "/admin/vehicle-quotes",
    "/admin/parts-quotes",
  ]) {
    it(`${list}: ${FEW * 2} query strings, no 5xx, nothing echoed unescaped`, async () => {
      await fc.assert(
        fc.asyncProperty(adminQuery, async (q) => {
          const r = await send(`${list}?${q}`, { cookie: staffCookie });
          answersCleanly(r);
          expect(r.status).toBe(200);
        }),
        { numRuns: FEW * 2, ...BUDGET },
      );
    }, 300_000);
  }

  it(`quote exports: ${FEW / 2} query strings answer a CSV`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("vehicle", "part"), adminQuery, async (kind, q) => {
        const r = await send(`/admin/quotes-export/${kind}?${q}`, { cookie: staffCookie });
        expect(r.status).toBe(200);
      }),
      { numRuns: FEW / 2, ...BUDGET },
    );
  }, 300_000);

  for (const kind of ["vehicles", "parts"] as const) {
    const list = kind === "vehicles" ? "/admin/all-products" : "/admin/all-parts-products";
    it(`${list} bulk delete: ${FEW} forms; what was asked for is gone, nothing else`, async () => {
      const fields = fc.record({
        intent: fc.oneof({ weight: 4, arbitrary: fc.constant("delete") }, value),
        listed: fc.nat(2),
        // Which of the ones just listed to send, and made-up ids to send with them.
        pick: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
        junk: fc.array(foreignId, { maxLength: 3 }),
      });
      const seen = { deleted: 0, some: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async (f) => {
          const listed: number[] = [];
          for (let i = 0; i < f.listed; i++)
            listed.push(kind === "vehicles" ? await listVehicle(nextStockNo()) : await listPart(nextStockNo()));
          const chosen = listed.filter((_, i) => f.pick[i]);
          const ids = [...chosen.map(String), ...f.junk];
          const r = await post(list, { intent: f.intent, ids }, staffCookie);
          answersCleanly(r);
          const left = await withShopDb(async (db) =>
            listed.length === 0
              ? []
              : (await db.selectFrom(kind).select("id").where("id", "in", listed).execute()).map((row) => row.id),
          );
          for (const gone of listed.filter((id) => !left.includes(id))) ownStock[kind].delete(gone);
          if (f.intent !== "delete" || ids.length === 0) {
            expect(r.status).toBe(400);
            expect(left.sort()).toEqual(listed.sort());
            return;
          }
          // Every listed id sent is gone; every one not sent is still there.
          expect(left.sort()).toEqual(listed.filter((id) => !chosen.includes(id)).sort());
          const missing = f.junk.some((j) => Number.isSafeInteger(Number(j)) && Number(j) > 0);
          expect(r.status).toBe(missing ? 409 : 200);
          if (missing) seen.some++;
          else seen.deleted++;
        }),
        { numRuns: FEW },
      );
      expect(seen.deleted).toBeGreaterThan(10);
      expect(seen.some).toBeGreaterThan(10);
    }, 300_000);
  }

  describe("quotes", () => {
    /** Quotes this file asked for, on its own vehicle and part, that it may change and delete. */
    const pool: string[] = [];
    async function fillPool(n: number) {
      while (pool.length < n) {
        const kind = pool.length % 2 === 0 ? "vehicle" : "part";
        const submissionKey = `fuzz-${tag}-${nextStockNo()}-key`;
        const outcome = await writeShopDb((db) =>
          createQuote(
            db,
            {
              kind,
              itemId: kind === "vehicle" ? mine.vehicle : mine.part,
              submissionKey,
              name: `Fuzz buyer ${MARK}`,
              country: "Kenya",
              email: `pool-${tag}@example.com`,
              phone: "+254 700 000000",
              message: `Quote made by the fuzz ${MARK}`,
              portId: null,
              quantity: null,
              contactMethods: [],
            },
            null,
            { ownerEmail: "owner@example.com", shopName: "Fuzz", publicUrl: new URL(baseUrl()) },
          ),
        );
        if (!outcome.ok) throw new Error(`quote refused: ${outcome.reason}`);
        pool.push(outcome.number);
      }
    }
    const quoteRows = (numbers: string[]) =>
      withShopDb((db) =>
        numbers.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom("quotes")
              .select(["number", "status", "notes"])
              .where("number", "in", numbers)
              .orderBy("number")
              .execute(),
      );

    it(`/admin/quotes/:number: ${FEW} forms (moves, notes, retry, delete); each happens whole or not at all`, async () => {
      const fields = fc.record({
        quote: fc.oneof(
          { weight: 6, arbitrary: fc.nat(5).map((n) => ({ own: n })) },
          foreignNumber.map((n) => ({ other: n })),
        ),
        intent: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom("move", "move", "move", "notes", "retry", "delete") },
          value,
        ),
        // Close and reopen are the owner's moves; offer and accept are not moves of this form.
        event: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom("close", "reopen") },
          { weight: 1, arbitrary: fc.constantFrom("offer", "accept", "expire") },
          value,
        ),
        notes: value,
        mailId: fc.oneof(foreignId, fc.nat(1000).map(String)),
      });
      const seen = { moved: 0, refused: 0, deleted: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async (f) => {
          await fillPool(6);
          const number = "own" in f.quote ? pool[f.quote.own]! : f.quote.other;
          const [before] = await quoteRows([number]);
          const sent = { intent: f.intent, event: f.event, notes: f.notes, mailId: f.mailId };
          const r = await post(`/admin/quotes/${encodeURIComponent(number)}`, sent, staffCookie);
          answersCleanly(r);
          const [after] = await quoteRows([number]);
          if (!before) {
            // A number that is no quote; "", "." and ".." lead to other addresses, whose pages have no form (405).
            expect([302, 400, 404, 405]).toContain(r.status);
            return;
          }
          if (f.intent === "delete") {
            seen.deleted++;
            expect(r.status).toBe(302);
            expect(after).toBeUndefined();
            pool.splice(pool.indexOf(number), 1);
          } else if (
            f.intent === "move" &&
            (f.event === "close" || f.event === "reopen") &&
            isQuoteStatus(before.status) &&
            nextStatus(before.status, f.event as QuoteEvent, "staff")
          ) {
            seen.moved++;
            expect(r.status).toBe(200);
            expect(after).toEqual({ ...before, status: nextStatus(before.status, f.event as QuoteEvent, "staff") });
          } else if (f.intent === "notes") {
            expect(r.status).toBe(overLimit(sent) ? 413 : 200);
            if (r.status === 200) expect(after).toEqual({ ...before, notes: f.notes.slice(0, 5000) });
          } else if (f.intent === "retry") {
            // Only a mail the outbox gave up on is sent again; the quote itself never changes.
            expect([200, 400]).toContain(r.status);
            expect(after).toEqual(before);
          } else {
            seen.refused++;
            expect(r.status).toBe(overLimit(sent) ? 413 : 400);
            expect(after).toEqual(before);
          }
        }),
        { numRuns: FEW },
      );
      expect(seen.moved).toBeGreaterThan(10);
      expect(seen.refused).toBeGreaterThan(10);
      expect(seen.deleted).toBeGreaterThan(5);
    }, 300_000);

    it(`/admin/quotes/:number offers: ${FEW} forms; an offer is saved whole with its total, or nothing changes`, async () => {
      const amount = fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 3_000_000 }).map(String) },
        fc.constantFrom("", "1,250,000", "¥90,000", "-5", "1.5", "abc", "1e9", "99999999999"),
        value,
      );
      const random = fc.record({
        quote: fc.oneof(
          { weight: 6, arbitrary: fc.nat(5).map((n) => ({ own: n })) },
          foreignNumber.map((n) => ({ other: n })),
        ),
        fob: amount,
        freight: amount,
        insurance: amount,
        otherName1: fc.oneof(fc.constant(""), value),
        otherAmount1: amount,
        terms: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("FOB", "C&F", "CIF") }, value),
        port: fc.oneof(fc.constant("Mombasa, Kenya"), fc.constant(""), value),
        validUntil: fc.oneof(
          {
            weight: 3,
            arbitrary: fc
              .integer({ min: -3, max: 100 })
              .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)),
          },
          value,
        ),
        message: fc.oneof(fc.constant("Dear {buyer_name}, {total}."), value),
      });
      // Offers that should be saved, mixed in so every run saves some.
      const right = fc
        .record({
          quote: fc.nat(5).map((n) => ({ own: n })),
          fob: fc.integer({ min: 1, max: 3_000_000 }).map(String),
          freight: fc.constant("120,000"),
          insurance: fc.constant(""),
          otherName1: fc.constantFrom("", "Radiator guard"),
          otherAmount1: fc.constant(""),
          terms: fc.constantFrom("FOB", "C&F"),
          port: fc.constant("Mombasa, Kenya"),
          validUntil: fc
            .integer({ min: 1, max: 60 })
            .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)),
          message: fc.constant("Dear {buyer_name}, {total}."),
        })
        .map((f) => ({ ...f, otherAmount1: f.otherName1 ? "5000" : "" }));
      const fields = fc.oneof({ weight: 1, arbitrary: right }, { weight: 3, arbitrary: random });
      const offers = (number: string) =>
        withShopDb((db) =>
          db
            .selectFrom("offers")
            .innerJoin("quotes", "quotes.id", "offers.quote_id")
            .select(["offers.id", "offers.total", "offers.lines", "offers.status"])
            .where("quotes.number", "=", number)
            .orderBy("offers.id")
            .execute(),
        );
      // The moves above may have left the pool's quotes where no offer can reach them (all closed, with
      // seed 583470824): those leave the pool, so that the offers below are made on quotes that take one.
      const offerable = (await quoteRows(pool)).filter((q) => isQuoteStatus(q.status) && canOffer(q.status));
      for (const n of [...pool]) if (!offerable.some((q) => q.number === n)) pool.splice(pool.indexOf(n), 1);
      const seen = { saved: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async ({ quote, ...f }) => {
          await fillPool(6);
          const number = "own" in quote ? pool[quote.own]! : quote.other;
          const [before] = await quoteRows([number]);
          const offersBefore = before ? await offers(number) : [];
          const sent = { intent: "offer", ...f };
          const r = await post(`/admin/quotes/${encodeURIComponent(number)}`, sent, staffCookie);
          answersCleanly(r);
          if (!before) {
            expect([400, 404, 405]).toContain(r.status);
            return;
          }
          const [after] = await quoteRows([number]);
          const offersAfter = await offers(number);
          if (r.status === 200) {
            seen.saved++;
            expect(after!.status).toBe("offered");
            const added = offersAfter.at(-1)!;
            expect(offersAfter).toHaveLength(offersBefore.length + 1);
            const lines = JSON.parse(added.lines) as { amount: number }[];
            expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(Number(added.total));
            expect(Number(added.total)).toBeGreaterThan(0);
            for (const line of lines) expect(Number.isSafeInteger(line.amount) && line.amount >= 0).toBe(true);
            expect(offersAfter.filter((o) => o.status === "open")).toHaveLength(1);
          } else {
            seen.refused++;
            expect(overLimit(sent) ? [413] : [400, 409]).toContain(r.status);
            expect(after).toEqual(before);
            expect(offersAfter).toEqual(offersBefore);
          }
        }),
        { numRuns: FEW },
      );
      expect(seen.saved).toBeGreaterThan(3);
      expect(seen.refused).toBeGreaterThan(10);
    }, 300_000);

    it(`/quotes/:number answers: ${FEW} made-up links and strangers accept or decline nothing`, async () => {
      await fillPool(6);
      const fields = fc.record({
        quote: fc.oneof(
          { weight: 4, arbitrary: fc.nat(5).map((n) => ({ own: n })) },
          foreignNumber.map((n) => ({ other: n })),
        ),
        intent: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("accept", "decline") }, value),
        offer: fc.oneof(fc.nat(100_000).map(String), value),
        sig: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), value),
        signedIn: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(fields, async ({ quote, signedIn, ...f }) => {
          const number = "own" in quote ? pool[quote.own]! : quote.other;
          const [before] = await quoteRows([number]);
          const r = await post(`/quotes/${encodeURIComponent(number)}`, f, signedIn ? buyerCookie : undefined);
          answersCleanly(r);
          expect(overLimit(f) ? [413] : [400, 404, 405]).toContain(r.status);
          expect((await quoteRows([number]))[0]).toEqual(before);
        }),
        { numRuns: FEW, ...BUDGET },
      );
    }, 300_000);

    for (const list of ["/admin/vehicle-quotes", "/admin/parts-quotes"]) {
      it(`${list} delete: ${FEW / 2} forms; the quotes sent are gone, the others stay`, async () => {
        const fields = fc.record({
          intent: fc.oneof({ weight: 4, arbitrary: fc.constant("delete") }, value),
          pick: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
          junk: fc.array(foreignNumber, { maxLength: 3 }),
        });
        let deleted = 0;
        await fc.assert(
          fc.asyncProperty(fields, async (f) => {
            await fillPool(4);
            const offered = pool.slice(0, 4);
            const chosen = offered.filter((_, i) => f.pick[i]);
            const r = await post(list, { intent: f.intent, numbers: [...chosen, ...f.junk] }, staffCookie);
            answersCleanly(r);
            const left = (await quoteRows(offered)).map((q) => q.number);
            for (const n of offered.filter((n) => !left.includes(n))) pool.splice(pool.indexOf(n), 1);
            if (f.intent === "delete" && chosen.length > 0) {
              deleted++;
              expect(r.status).toBe(200);
              expect(left).toEqual(offered.filter((n) => !chosen.includes(n)).sort());
            } else {
              expect(r.status).toBe(400);
              expect(left).toEqual([...offered].sort());
            }
          }),
          { numRuns: FEW / 2 },
        );
        expect(deleted).toBeGreaterThan(10);
      }, 300_000);
    }
  });

  it(`/admin/freight: ${FEW} forms (add, update, delete); only this file's ports change, each whole or not at all`, async () => {
    const ports = () =>
      withShopDb((db) =>
        db
          .selectFrom("freight_ports")
          .select(["id", "country", "port", "freight_small", "freight_medium", "freight_large", "insurance_bp"])
          .orderBy("id")
          .execute(),
      );
    const amount = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("", "120000", "1,250,000", " 95 000 ") }, value);
    const right = fc.record({
      country: fc.constantFrom("Kenya", "Sri Lanka", "Việt Nam"),
      port: fc.uuid().map((u) => `Fuzz ${tag} ${u.slice(0, 8)}`),
      small: amount,
      medium: amount,
      large: amount,
      insurance: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("", "1.5", "2%", "0.25") }, value),
    });
    const random = fc.record(
      { country: value, port: value, small: amount, medium: amount, large: amount, insurance: value },
      { requiredKeys: [] },
    );
    const fields = fc.record({
      intent: fc.oneof(
        { weight: 4, arbitrary: fc.constant("add") },
        { weight: 3, arbitrary: fc.constant("update") },
        // Deletes are fewer than adds, so this file keeps ports of its own to update.
        { weight: 1, arbitrary: fc.constant("delete") },
        { weight: 1, arbitrary: value },
      ),
      id: fc.oneof(
        { weight: 4, arbitrary: fc.nat(20).map((n) => ({ own: n })) },
        foreignId.map((n) => ({ other: n })),
      ),
      values: fc.oneof({ weight: 2, arbitrary: right }, { weight: 1, arbitrary: random }),
    });
    const seen = { added: 0, updated: 0, deleted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const before = await ports();
        const own = [...ownPorts];
        const id = "own" in f.id ? String(own[f.id.own % Math.max(own.length, 1)] ?? 0) : f.id.other;
        const r = await post("/admin/freight", { intent: f.intent, id, ...f.values }, staffCookie);
        answersCleanly(r);
        const after = await ports();
        const others = (rows: typeof before, except: number[]) => rows.filter((p) => !except.includes(p.id));
        const added = after.filter((p) => !before.some((b) => b.id === p.id));
        for (const p of added) ownPorts.add(p.id);
        if (r.status === 302) {
          expect(r.location).toMatch(/^\/admin\/freight\?saved=(added|updated|deleted)$/);
          if (f.intent === "add") {
            seen.added++;
            expect(added).toHaveLength(1);
            expect(after.filter((p) => p.id !== added[0]!.id)).toEqual(before);
          } else {
            // Updates and deletes reach only this file's own ports.
            expect(ownPorts.has(Number(id))).toBe(true);
            expect(others(after, [Number(id)])).toEqual(others(before, [Number(id)]));
            if (f.intent === "delete") {
              seen.deleted++;
              expect(after.some((p) => p.id === Number(id))).toBe(false);
              ownPorts.delete(Number(id));
            } else seen.updated++;
          }
        } else {
          seen.refused++;
          expect([400, 404, 409]).toContain(r.status);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: FEW },
    );
    for (const n of Object.values(seen)) expect(n, JSON.stringify(seen)).toBeGreaterThan(5);
  }, 300_000);

  it(`/admin/security: ${FEW} forms for a staff member with two-step sign-in off and one with it on; no guess changes it`, async () => {
    const secrets = () =>
      withShopDb((db) =>
        db
          .selectFrom("staff")
          .select(["admin_id", "totp_secret", "totp_pending_secret"])
          .where("admin_id", "in", [STAFF.adminId, STAFF_2FA.adminId])
          .orderBy("admin_id")
          .execute(),
      );
    const fields = fc.record(
      {
        intent: fc.oneof(fc.constantFrom("start", "cancel", "confirm", "renew", "off"), value),
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[a-z2-7]{5}-[a-z2-7]{5}$/), value),
        password: fc.oneof(fc.constantFrom(STAFF.password, STAFF_2FA.password), value),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (f, twoStep) => {
        const before = await secrets();
        const r = await post("/admin/security", f, twoStep ? staff2faCookie : staffCookie);
        answersCleanly(r);
        const after = await secrets();
        // Two-step sign-in stays as it was: on for one, off for the other.
        expect(after.map((s) => [s.admin_id, s.totp_secret])).toEqual(before.map((s) => [s.admin_id, s.totp_secret]));
        const known = ["start", "cancel", "confirm", "renew", "off"].includes(f.intent ?? "");
        if (!known) expect(r.status).toBe(400);
        else if (twoStep && f.intent === "start") expect(r.status).toBe(409);
        // A code is counted before anything else is looked at.
        else if (twoStep && f.intent === "confirm") expect([409, 429]).toContain(r.status);
        else if (!twoStep && (f.intent === "renew" || f.intent === "off")) expect([409, 429]).toContain(r.status);
        else expect([200, 400, 429]).toContain(r.status);
        const pending = after.find((s) => s.admin_id === STAFF.adminId)!.totp_pending_secret;
        if (!twoStep && r.status === 200 && f.intent === "start") expect(pending).not.toBeNull();
        if (!twoStep && r.status === 200 && f.intent === "cancel") expect(pending).toBeNull();
      }),
      { numRuns: FEW, ...BUDGET },
    );
  }, 300_000);

  it(`/admin/login/code: ${FEW} guessed codes open no session`, async () => {
    const step = await post("/admin/login", STAFF_2FA);
    expect(step.location).toMatch(/^\/admin\/login\/code/);
    const challenge = cookieOf(step, cookieName(COOKIES.staffChallenge, false))!;
    expect(challenge).not.toBeNull();
    const fields = fc.record(
      {
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[a-z2-7]{5}-[a-z2-7]{5}$/), value),
        redirectTo: redirectTarget,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (f, withChallenge) => {
        const r = await post("/admin/login/code", f, withChallenge ? challenge : undefined);
        answersCleanly(r);
        expect(cookieOf(r, STAFF_COOKIE)).toBeNull();
        if (withChallenge) expect([400, 429]).toContain(r.status);
        else {
          expect(r.status).toBe(302);
          expect(r.location).toMatch(/^\/admin\/login\?/);
        }
      }),
      { numRuns: FEW, ...BUDGET },
    );
  }, 300_000);

  const junkFiles = fc.array(
    fc.record({
      // No backslash: FormData leaves it as it is in the quoted file name, where busboy reads it
      // as an escape, so which part is a file would be busboy's guess, not the shop's.
      name: fc.oneof(
        fc.constantFrom("car.jpg", "x.png", "", "../../evil.php", `${MARK}.webp`),
        fc.string({ maxLength: 40 }).filter((name) => !name.includes("\\")),
      ),
      type: fc.constantFrom("image/jpeg", "image/png", "image/webp", "text/html", "application/octet-stream", ""),
      data: fc.uint8Array({ maxLength: 64 }),
    }),
    { maxLength: 2 },
  );
  /**
   * Whether the shop reads a part as a file: busboy does when it has a file name or comes as
   * application/octet-stream (what FormData sends for a File without a type); other parts are
   * text fields, and an empty file without a name is an empty file input, skipped.
   */
  const readAsFile = (file: JunkFile) =>
    file.name !== "" || file.type === "" || file.type === "application/octet-stream";
  /** A file with bytes in it: junk bytes are never a photo. */
  const isFile = (file: JunkFile) => readAsFile(file) && file.data.length > 0;
  const mediaFiles = () => {
    const dir = path.join(shopDataDir(), "media");
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
  };
  const thisYear = new Date().getUTCFullYear();
  const rightVehicle = fc.constantFrom(...Object.keys(VEHICLE_MODELS)).chain((make) =>
    fc.record({
      refId: fc.oneof(
        fc.constant(""),
        fc.uuid().map((u) => `FZ-${tag}-U${u.slice(0, 8)}`),
      ),
      make: fc.constant(make),
      model: fc.constantFrom(...VEHICLE_MODELS[make]!),
      year: fc.integer({ min: 1980, max: thisYear }).map(String),
      price: fc.constantFrom("1,250,000", "¥ 980 000", "450000 JPY"),
      mileage: fc.constantFrom("", "52,000"),
      description: fc.oneof(
        fc.constant(""),
        value.map((v) => v.slice(0, 5000)),
      ),
      // Reserved is only ever a deal's word: a right form never sets it by hand.
      stockStatus: fc.constantFrom("available", "sold", ""),
    }),
  );
  const vehicleFieldNames = [
    "refId",
    "name",
    "make",
    "model",
    "year",
    "price",
    "type",
    "subType",
    "mileage",
    "engineCc",
    "color",
    "fuel",
    "transmission",
    "drive",
    "seats",
    "doors",
    "steering",
    "exteriorGrade",
    "interiorGrade",
    "description",
    "stockStatus",
  ];
  const randomFieldsOf = (names: string[]) =>
    fc.dictionary(
      fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })),
      value.map((v) => v.slice(0, 600)),
      {
        maxKeys: names.length,
      },
    );

  for (const kind of ["vehicle", "part"] as const) {
    const table = kind === "vehicle" ? "vehicles" : "parts";
    it(`/admin/upload-${kind}: ${FEW} multipart forms; a listing is made whole, or nothing is stored at all`, async () => {
      const rightPart = fc.constantFrom(...Object.keys(PART_MODELS)).chain((make) =>
        fc.constantFrom(...Object.keys(PART_SUB_TYPES)).chain((type) =>
          fc.record({
            refId: fc.uuid().map((u) => `FZ-${tag}-U${u.slice(0, 8)}`),
            name: fc.constantFrom("Alternator", "<b>Bumper</b>"),
            make: fc.constant(make),
            model: fc.constantFrom(...PART_MODELS[make]!),
            type: fc.constant(type),
            subType: fc.constantFrom(...PART_SUB_TYPES[type]!),
            price: fc.constantFrom("25,000", "9800"),
            quantity: fc.constantFrom("", "3"),
            stockStatus: fc.constantFrom("available", "sold"),
          }),
        ),
      );
      const right = kind === "vehicle" ? rightVehicle : rightPart;
      const names =
        kind === "vehicle"
          ? vehicleFieldNames
          : [
              "refId",
              "name",
              "price",
              "make",
              "model",
              "type",
              "subType",
              "year",
              "partNumber",
              "condition",
              "quantity",
              "description",
              "stockStatus",
            ];
      const fields = fc.oneof(
        { weight: 1, arbitrary: right.map((f) => ({ fields: f as Fields, right: true })) },
        { weight: 1, arbitrary: randomFieldsOf(names).map((f) => ({ fields: f as Fields, right: false })) },
      );
      let listed = 0;
      await fc.assert(
        fc.asyncProperty(fields, junkFiles, async ({ fields: f, right: isRight }, files) => {
          const count = () =>
            withShopDb(async (db) => (await db.selectFrom(table).select("id").execute()).map((r) => r.id));
          const before = await count();
          const media = mediaFiles();
          const r = await postMultipart(`/admin/upload-${kind}`, f, files, staffCookie);
          answersCleanly(r);
          const after = await count();
          const made = after.filter((id) => !before.includes(id));
          if (r.status === 200) {
            listed++;
            expect(made).toHaveLength(1);
            (kind === "vehicle" ? ownStock.vehicles : ownStock.parts).add(made[0]!);
            const row = await withShopDb((db) =>
              db
                .selectFrom(table)
                .select(["make", "model", "ref_id"])
                .where("id", "=", made[0]!)
                .executeTakeFirstOrThrow(),
            );
            expect(row.make).toBe(String(f.make).trim());
            if (f.refId) expect(row.ref_id).toBe(String(f.refId).trim());
            // Listed for the test only: gone again at once, through the staff's delete.
            const gone = await post(
              kind === "vehicle" ? "/admin/all-products" : "/admin/all-parts-products",
              { intent: "delete", ids: [String(made[0])] },
              staffCookie,
            );
            expect(gone.status).toBe(200);
            (kind === "vehicle" ? ownStock.vehicles : ownStock.parts).delete(made[0]!);
          } else {
            expect([400, 413]).toContain(r.status);
            expect(made).toEqual([]);
            expect(mediaFiles()).toBe(media);
          }
          // A right form is listed unless it carries a file that is not a photo.
          if (isRight && files.some(isFile)) expect(r.status).toBe(400);
          if (isRight && !files.some(readAsFile)) expect(r.status).toBe(200);
        }),
        { numRuns: FEW },
      );
      // Half the forms are right and about 3 in 10 of those carry no file part,
      // so a run lists near 30; ten or fewer is four standard deviations away.
      expect(listed).toBeGreaterThan(10);
    }, 300_000);
  }

  it(`/admin/edit/:id: ${FEW} multipart forms on this file's vehicle; saved whole, or the row stays as it was`, async () => {
    const id = mine.editVehicle;
    const snapshot = () =>
      withShopDb(async (db) => ({
        row: await db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
        images: (await db.selectFrom("vehicle_images").select("id").where("vehicle_id", "=", id).execute()).length,
      }));
    const fields = fc.oneof(
      { weight: 1, arbitrary: rightVehicle.map((f) => ({ fields: { ...f, refId: "" } as Fields, right: true })) },
      {
        weight: 2,
        arbitrary: randomFieldsOf([...vehicleFieldNames, "keep"]).map((f) => ({ fields: f as Fields, right: false })),
      },
    );
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(fields, junkFiles, async ({ fields: f, right: isRight }, files) => {
        const before = await snapshot();
        const media = mediaFiles();
        const r = await postMultipart(`/admin/edit/${id}`, f, files, staffCookie);
        answersCleanly(r);
        const after = await snapshot();
        if (r.status === 302) {
          saved++;
          expect(r.location).toBe("/admin/all-products?notice=updated");
          expect(after.row.make).toBe(String(f.make).trim());
          expect(after.row.model).toBe(String(f.model).trim());
          expect(after.row.year).toBe(Number(f.year));
        } else {
          expect([400, 413]).toContain(r.status);
          expect(after).toEqual(before);
          expect(mediaFiles()).toBe(media);
        }
        if (isRight && files.some(isFile)) expect(r.status).toBe(400);
        if (isRight && !files.some(readAsFile)) expect(r.status).toBe(302);
      }),
      { numRuns: FEW },
    );
    expect(saved).toBeGreaterThan(10);
  }, 300_000);

  it(`/admin/edit/:id with ${FEW / 2} made-up ids leads back to the dashboard`, async () => {
    await fc.assert(
      // Not "", "." or "..": those are other addresses (/admin/edit/, /admin).
      fc.asyncProperty(
        foreignId.filter((v) => !["", ".", ".."].includes(v)),
        async (other) => {
          const r = await send(`/admin/edit/${encodeURIComponent(other)}`, { cookie: staffCookie });
          answersCleanly(r);
          expect(r.status).toBe(302);
          expect(r.location).toBe("/admin?notice=product-not-found");
        },
      ),
      { numRuns: FEW / 2, ...BUDGET },
    );
  }, 300_000);
});
