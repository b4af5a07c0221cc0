import { english } from "../../../tests/support/english";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { startSmtp } from "../../../tests/support/smtp";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { createSender, sendDueMail } from "~/domain/mail/outbox.server";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { formInput } from "~/utils/forms";
import { createQuote } from "~/domain/quotes/quotes.server";
import {
  addFreightPort,
  deleteFreightPort,
  destinationAmong,
  listFreightPorts,
  PORT_EXISTS,
  PORT_NOT_FOUND,
  portChoicesOf,
  updateFreightPort,
} from "./freight.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const owner = { id: 1, adminId: "owner" };
const colombo = { country: "Sri Lanka", port: "Colombo", small: 95_000, medium: 120_000, large: null, insurance: 150 };
const mailSettings = {
  ownerEmail: "owner@shop.example",
  shopName: "Test Shop",
  publicUrl: new URL("https://shop.example"),
};

/** The mail's text as written: soft line breaks joined, =XX bytes decoded as UTF-8. */
function quotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
}

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.stop().catch(() => {});
  await t.cleanup();
});

describe("the freight table", () => {
  it("adds, lists by country and port, edits and deletes ports, each written to the activity log", async () => {
    const a = await addFreightPort(t.db, owner, colombo);
    const b = await addFreightPort(t.db, owner, { ...colombo, country: "Kenya", port: "Mombasa", insurance: 0 });
    expect(a.ok && b.ok).toBe(true);
    const ports = await listFreightPorts(t.db);
    expect(ports.map((p) => `${p.country}/${p.port}`)).toEqual(["Kenya/Mombasa", "Sri Lanka/Colombo"]);
    expect(ports[1]).toMatchObject({ freight: { small: 95_000, medium: 120_000, large: null }, insuranceBp: 150 });

    const id = (a as { id: number }).id;
    expect(await updateFreightPort(t.db, owner, id, { ...colombo, large: 180_000 })).toEqual({ ok: true, id });
    expect(destinationAmong(await listFreightPorts(t.db), String(id))?.freight.large).toBe(180_000);

    const mombasa = (b as { id: number }).id;
    expect(await deleteFreightPort(t.db, owner, mombasa)).toBe(true);
    expect(await deleteFreightPort(t.db, owner, mombasa)).toBe(false);
    expect(portChoicesOf(await listFreightPorts(t.db))).toEqual([{ id, country: "Sri Lanka", port: "Colombo" }]);

    const log = await t.db
      .selectFrom("activity_log")
      .select(["action", "summary"])
      .where("action", "like", "freight.%")
      .execute();
    expect(log.map((l) => l.action)).toEqual(["freight.added", "freight.added", "freight.updated", "freight.deleted"]);
    expect(log[3]!.summary).toBe("Freight to Mombasa, Kenya deleted");
  });

  it("refuses the same port twice (whatever the capitals), and changes nothing", async () => {
    const before = await listFreightPorts(t.db);
    expect(await addFreightPort(t.db, owner, { ...colombo, country: "SRI LANKA", port: "colombo" })).toEqual({
      ok: false,
      error: PORT_EXISTS,
    });
    const other = await addFreightPort(t.db, owner, { ...colombo, port: "Hambantota" });
    const otherId = (other as { id: number }).id;
    expect(await updateFreightPort(t.db, owner, otherId, colombo)).toEqual({ ok: false, error: PORT_EXISTS });
    expect(await updateFreightPort(t.db, owner, 987654, colombo)).toEqual({ ok: false, error: PORT_NOT_FOUND });
    const after = await listFreightPorts(t.db);
    expect(after.filter((p) => p.port !== "Hambantota")).toEqual(before);
  });

  it("two saves of the same new port at the same moment make one row; the other is told it exists", async () => {
    const port = { ...colombo, country: "Tanzania", port: "Dar es Salaam" };
    const outcomes = await Promise.all([addFreightPort(t.db, owner, port), addFreightPort(t.db, owner, port)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, error: PORT_EXISTS }]);
    expect((await listFreightPorts(t.db)).filter((p) => p.port === "Dar es Salaam")).toHaveLength(1);
  });

  it("reads the chosen port from its cookie, and ignores junk or a port since deleted", async () => {
    const ports = await listFreightPorts(t.db);
    const port = ports[0]!;
    expect(destinationAmong(ports, String(port.id))).toEqual({
      id: port.id,
      country: port.country,
      port: port.port,
      freight: port.freight,
      insuranceBp: port.insuranceBp,
      inspectionYen: port.inspectionYen,
    });
    for (const junk of [null, "", "abc", "-1", "0", "1e3", "99999999", "1; DROP TABLE freight_ports"])
      expect(destinationAmong(ports, junk)).toBeNull();
  });
});

describe("quotes name the buyer's port", () => {
  let keys = 0;
  const quoteFor = (itemId: number, kind: StockKind, portId: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      kind,
      itemId: String(itemId),
      submissionKey: `port-key-${String(++keys).padStart(12, "0")}`,
      name: "Kamal Silva",
      country: "Sri Lanka",
      email: "kamal@example.lk",
      phone: "+94 77 555 0101",
      message: "Price to my port please.",
      portId,
    }))
      form.append(k, v);
    return QuoteRequestSchema.safeParse(formInput(form));
  };

  it("stores the port with the quote, and the owner's mail (over SMTP) shows it with the total the buyer saw", async () => {
    const ports = await listFreightPorts(t.db);
    const colomboRow = ports.find((p) => p.port === "Colombo")!;
    const rng = createRng(4);
    const sedan = await createVehicle(
      t.db,
      vehicleFactory(rng, 1, {
        stockStatus: "available",
        type: "Sedan",
        subType: "Mid-size Sedan",
        engineCc: 1800,
        price: 1_250_000,
      }),
      [],
      { kind: "system", id: null },
    );
    const truck = await createVehicle(
      t.db,
      vehicleFactory(rng, 2, {
        stockStatus: "available",
        type: "Truck",
        subType: "Pickup",
        engineCc: 2800,
        price: 2_000_000,
      }),
      [],
      { kind: "system", id: null },
    );
    await updateFreightPort(t.db, owner, colomboRow.id, { ...colombo, large: null });

    const q1 = quoteFor(sedan.id, "vehicle", String(colomboRow.id));
    const q2 = quoteFor(truck.id, "vehicle", String(colomboRow.id));
    expect(q1.success && q2.success).toBe(true);
    const one = await createQuote(t.db, q1.data!, null, mailSettings);
    const two = await createQuote(t.db, q2.data!, null, mailSettings);
    const numbers = [one, two].map((o) => (o as { number: string }).number);
    const stored = await t.db
      .selectFrom("quotes")
      .select(["number", "destination"])
      .where("number", "in", numbers)
      .execute();
    expect(stored.map((s) => s.destination)).toEqual(["Colombo, Sri Lanka", "Colombo, Sri Lanka"]);

    await sendDueMail(
      t.db,
      createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" }),
      "Test Shop <shop@shop.example>",
    );
    const ownerMail = (n: string) =>
      smtp.received.find((m) => m.to.includes("owner@shop.example") && m.raw.includes(n))!;
    const sedanMail = quotedPrintable(ownerMail(numbers[0]!).raw);
    expect(sedanMail).toContain("destination_port: Colombo, Sri Lanka");
    // 1,250,000 + 120,000 = 1,370,000; × 1.5 % = 20,550; total 1,390,550.
    expect(sedanMail).toContain(
      "price_to_port: CIF ¥1,390,550 = FOB ¥1,250,000 + freight ¥120,000 (medium vehicle) + insurance ¥20,550 (1.5 %)",
    );
    const truckMail = quotedPrintable(ownerMail(numbers[1]!).raw);
    expect(truckMail).toContain("destination_port: Colombo, Sri Lanka");
    expect(truckMail).toContain("price_to_port: no freight entry for a large vehicle to this port");
  });

  it("a quote without a port, or for a port since deleted, names none; a port field that is not an id is refused", async () => {
    const part = await createPart(t.db, partFactory(createRng(5), 1, { stockStatus: "available" }), [], {
      kind: "system",
      id: null,
    });
    const none = quoteFor(part.id, "part", "");
    const gone = quoteFor(part.id, "part", "987654");
    const a = await createQuote(t.db, none.data!, null, mailSettings);
    const b = await createQuote(t.db, gone.data!, null, mailSettings);
    const rows = await t.db
      .selectFrom("quotes")
      .select("destination")
      .where(
        "number",
        "in",
        [a, b].map((o) => (o as { number: string }).number),
      )
      .execute();
    expect(rows.map((r) => r.destination)).toEqual([null, null]);
    const bad = quoteFor(part.id, "part", "Colombo");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], english(i.message)])).toEqual([
      ["portId", "Choose a port from the list"],
    ]);
  });
});
