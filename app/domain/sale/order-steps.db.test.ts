import { describe, expect, it } from "vitest";
import { asVisitor, DEAL, dealWorldForFile, paymentFields, shopDayIn, STAFF } from "../../../tests/support/deal-world";
import { english, englishAll } from "../../../tests/support/english";
import { readMail } from "../../../tests/support/mime";
import { startSmtp } from "../../../tests/support/smtp";
import { createSender } from "~/domain/mail/outbox.server";
import { ORDER_MAIL_WINDOW_MS } from "./order-change.server";
import { orderLinkPath } from "./order-links.server";
import { orderFigures, orderFor } from "./order-view.server";
import { cancelOrder, moveOrderByStaff, recordPayment, saveCourier, saveShipment } from "./orders.server";

/*
 * Orders from the accepted offer to Completed (issue 21), on SQLite and
 * PostgreSQL: the shipment and its dates, the steps, cancelling, and
 * one mail per change as a real mail server receives them.
 */

const w = dealWorldForFile();
const cancel = (number: string, fields: Record<string, string>) => cancelOrder(w.db, DEAL, number, fields, STAFF);

describe("shipment and the steps", () => {
  it("ETA before ETD, a bad container number and a bad date are refused, writing nothing", async () => {
    const { number } = await w.accepted();
    const cases: [Record<string, string>, string, string][] = [
      [{ etd: shopDayIn(10), eta: shopDayIn(5) }, "eta", "The arrival (ETA) cannot be before the departure (ETD)."],
      [{ etd: "2026-13-01" }, "etd", "Enter the departure day as a date."],
      [
        { method: "container", container: "ABC123" },
        "container",
        "Enter a container number of 4 letters and 7 digits (for example MSCU1234565).",
      ],
      [{ method: "air" }, "method", "Choose RoRo or container."],
    ];
    for (const [change, field, message] of cases) {
      const outcome = await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", ...change }, STAFF);
      expect(outcome.ok, JSON.stringify(change)).toBe(false);
      if (outcome.ok) continue;
      expect(englishAll(outcome.errors ?? {})[field]).toBe(message);
      expect(outcome.values?.vessel).toBe("Morning Star");
    }
    expect((await w.order(number)).vessel).toBe("");
    expect(await w.buyerMails(number)).toEqual([]);
  });

  it("saving the shipment mails once; saving it unchanged mails nobody; new dates keep the old ones", async () => {
    const { number } = await w.accepted();
    const shipment = {
      vessel: "Morning Star",
      voyage: "V.112",
      portOfLoading: "Yokohama",
      etd: shopDayIn(10),
      eta: shopDayIn(30),
      method: "roro",
      bl: "YKCMB0001",
    };
    expect((await saveShipment(w.db, DEAL, number, shipment, STAFF)).ok).toBe(true);
    expect((await saveShipment(w.db, DEAL, number, shipment, STAFF)).ok).toBe(true);
    expect(await w.buyerMails(number)).toHaveLength(1);
    expect((await saveShipment(w.db, DEAL, number, { ...shipment, eta: shopDayIn(35) }, STAFF)).ok).toBe(true);
    const mails = await w.buyerMails(number);
    expect(mails).toHaveLength(2);
    const view = await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! }));
    const dates = view!.steps.find((s) => s.kind === "dates")!;
    expect(dates.data).toMatchObject({
      eta: shopDayIn(35),
      previousEta: shopDayIn(30),
      etd: shopDayIn(10),
    });
    expect(view!.shipment).toMatchObject({ vessel: "Morning Star", eta: shopDayIn(35), bl: "YKCMB0001" });
  });

  it("shipping unpaid is refused unless the owner marks the exception, which is logged", async () => {
    const { number, vehicleId } = await w.accepted();
    expect((await saveShipment(w.db, DEAL, number, { vessel: "Morning Star" }, STAFF)).ok).toBe(true);
    expect((await recordPayment(w.db, DEAL, number, paymentFields("300000"), STAFF)).ok).toBe(true);
    const refused = await moveOrderByStaff(w.db, DEAL, number, "ship", {}, STAFF);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(english(refused.message)).toContain("¥700,000 is still to pay");
    expect((await w.order(number)).status).toBe("partly_paid");
    const shipped = await moveOrderByStaff(w.db, DEAL, number, "ship", { unpaid: "on" }, STAFF);
    expect(shipped.ok).toBe(true);
    expect((await w.order(number)).status).toBe("shipped");
    // The vehicle has left for its buyer: Sold, and no longer held.
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
    const logged = await w.db
      .selectFrom("activity_log")
      .select("summary")
      .where("action", "=", "order.shipped_unpaid")
      .where("summary", "like", `%${number}%`)
      .execute();
    expect(logged).toHaveLength(1);
    // The rest may come after the ship left; completing waits for it.
    expect((await moveOrderByStaff(w.db, DEAL, number, "arrive", {}, STAFF)).ok).toBe(true);
    expect((await moveOrderByStaff(w.db, DEAL, number, "complete", {}, STAFF)).ok).toBe(false);
    expect((await recordPayment(w.db, DEAL, number, paymentFields("700000"), STAFF)).ok).toBe(true);
    expect((await moveOrderByStaff(w.db, DEAL, number, "complete", {}, STAFF)).ok).toBe(true);
    expect((await w.order(number)).status).toBe("completed");
  });

  it("a paid order needs its vessel to ship; then Shipped, Arrived, Completed, each mailed once; no step twice", async () => {
    const { number } = await w.accepted();
    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    const noVessel = await moveOrderByStaff(w.db, DEAL, number, "ship", {}, STAFF);
    expect(noVessel.ok).toBe(false);
    expect((await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", etd: shopDayIn(0) }, STAFF)).ok).toBe(
      true,
    );
    expect((await saveCourier(w.db, DEAL, number, { courier: "dhl", tracking: "1234 5678 90" }, STAFF)).ok).toBe(true);
    expect((await saveCourier(w.db, DEAL, number, { courier: "ups", tracking: "1234567890" }, STAFF)).ok).toBe(false);
    for (const step of ["ship", "arrive", "complete"]) {
      expect((await moveOrderByStaff(w.db, DEAL, number, step, {}, STAFF)).ok, step).toBe(true);
      expect((await moveOrderByStaff(w.db, DEAL, number, step, {}, STAFF)).ok, `${step} twice`).toBe(false);
    }
    const view = await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! }));
    expect(view!.courier).toMatchObject({ courier: "dhl", tracking: "1234567890" });
    expect(view!.courier!.url).toContain("1234567890");
    expect(view!.steps.map((s) => s.kind)).toEqual([
      "opened",
      "paid",
      "shipment",
      "courier",
      "shipped",
      "arrived",
      "completed",
    ]);
    // paid, shipment, courier, shipped, arrived, completed: one mail each.
    expect(await w.buyerMails(number)).toHaveLength(6);
  });
});

describe("Shipped before the ship leaves", () => {
  /** Noon in Tokyo on 2 December 2026: the shop's day is 2026-12-02 wherever the test runs. */
  const NOON = new Date("2026-12-02T03:00:00Z");
  const ship = (number: string, fields: Record<string, string> = {}, now = NOON) =>
    moveOrderByStaff(w.db, DEAL, number, "ship", fields, STAFF, now);
  /** A paid order booked on a ship leaving on `etd` ("": not known yet). */
  async function paidOn(etd: string) {
    const { number } = await w.accepted();
    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    expect((await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", etd }, STAFF)).ok).toBe(true);
    return number;
  }
  const logged = async (number: string) =>
    w.db
      .selectFrom("activity_log")
      .select("summary")
      .where("action", "=", "order.shipped_before_etd")
      .where("summary", "like", `%${number}%`)
      .execute();

  it("is refused with the ETD named, nothing written, until the owner ticks the confirmation", async () => {
    const number = await paidOn("2026-12-10");
    const mails = (await w.buyerMails(number)).length;
    const refused = await ship(number);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.refusal).toBe("conflict");
    expect(english(refused.message)).toBe(
      'The ship leaves on 10 Dec 2026 (ETD), after today. Marking the order shipped tells the buyer it has left Japan: tick "Shipped before the ETD" to do it now (it is logged).',
    );
    // Another tick does not confirm this one.
    expect((await ship(number, { unpaid: "on" })).ok).toBe(false);
    expect((await w.order(number)).status).toBe("paid");
    expect(await w.buyerMails(number)).toHaveLength(mails);
    expect(await logged(number)).toEqual([]);

    expect((await ship(number, { beforeEtd: "on" })).ok).toBe(true);
    expect((await w.order(number)).status).toBe("shipped");
    const view = await orderFor(w.db, number, { staff: true });
    expect(view!.steps.find((s) => s.kind === "shipped")!.data).toMatchObject({ etd: "2026-12-10", beforeEtd: true });
    expect(await logged(number)).toHaveLength(1);
    // Its ship still leaves on the 10th: the owner's dashboard lists it among the week's departures.
    const leaving = await orderFigures(w.db, new Date("2026-12-06T03:00:00Z"));
    expect(leaving.leavingThisWeek.map((o) => o.number)).toContain(number);
  });

  it("needs no confirmation on the ETD's own day or after it, nor with no ETD", async () => {
    for (const etd of ["2026-12-02", "2026-11-30", ""]) {
      const number = await paidOn(etd);
      expect((await ship(number)).ok, etd).toBe(true);
      const view = await orderFor(w.db, number, { staff: true });
      expect(view!.steps.find((s) => s.kind === "shipped")!.data, etd).not.toHaveProperty("beforeEtd");
      expect(await logged(number)).toEqual([]);
    }
    // Midnight in Tokyo is the line: at 23:59 on the ETD's eve the ship still waits; at 00:00 it may be marked.
    const eve = await paidOn("2026-12-03");
    expect((await ship(eve, {}, new Date("2026-12-02T14:59:00Z"))).ok).toBe(false);
    expect((await ship(eve, {}, new Date("2026-12-02T15:00:00Z"))).ok).toBe(true);
  });

  it("unpaid and early needs both ticks; a refusal keeps the tick already given", async () => {
    const { number } = await w.accepted();
    expect((await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", etd: "2026-12-10" }, STAFF)).ok).toBe(
      true,
    );
    const onlyEarly = await ship(number, { beforeEtd: "on" });
    expect(onlyEarly.ok).toBe(false);
    if (!onlyEarly.ok) {
      expect(english(onlyEarly.message)).toContain("¥1,000,000 is still to pay");
      expect(onlyEarly.values).toMatchObject({ beforeEtd: "on" });
    }
    const onlyUnpaid = await ship(number, { unpaid: "on" });
    expect(onlyUnpaid.ok).toBe(false);
    if (!onlyUnpaid.ok) {
      expect(english(onlyUnpaid.message)).toContain("The ship leaves on 10 Dec 2026 (ETD)");
      expect(onlyUnpaid.values).toMatchObject({ unpaid: "on" });
    }
    expect((await w.order(number)).status).toBe("awaiting_payment");
    expect((await ship(number, { unpaid: "on", beforeEtd: "on" })).ok).toBe(true);
    expect((await w.order(number)).status).toBe("shipped");
  });

  it("a new ETD after shipping keeps the planned one beside it, for the buyer and the owner", async () => {
    const number = await paidOn("2026-12-02");
    expect((await ship(number)).ok).toBe(true);
    // The ship was held in port: the owner moves the ETD.
    expect(
      (await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", etd: "2026-12-05" }, STAFF, NOON)).ok,
    ).toBe(true);
    const view = await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! }));
    expect(view!.shipment.etd).toBe("2026-12-05");
    expect(view!.steps.find((s) => s.kind === "shipped")!.data).toMatchObject({ etd: "2026-12-02" });
    expect(view!.steps.at(-1)).toMatchObject({
      kind: "dates",
      data: { etd: "2026-12-05", previousEtd: "2026-12-02" },
    });
  });
});

describe("cancelling", () => {
  it("needs a reason, and a refund note once money came in; a paid vehicle is on sale again and the invoice cancelled", async () => {
    const { number, vehicleId, quoteNumber } = await w.accepted();
    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
    const noReason = await cancel(number, { reason: " " });
    expect(noReason.ok).toBe(false);
    const noRefund = await cancel(number, { reason: "Buyer's licence refused" });
    expect(noRefund.ok).toBe(false);
    if (!noRefund.ok) expect(english(noRefund.message)).toBe("¥1,000,000 has been received: say how it is refunded.");
    expect((await w.order(number)).status).toBe("paid");
    const done = await cancel(number, {
      reason: "Buyer's licence refused",
      refundNote: "Refunded by TT on 1 Dec, less bank fees",
    });
    expect(done.ok).toBe(true);
    expect(await w.order(number)).toMatchObject({
      status: "cancelled",
      refund_note: "Refunded by TT on 1 Dec, less bank fees",
    });
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    const quote = await w.db
      .selectFrom("quotes")
      .select("status")
      .where("number", "=", quoteNumber)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe("closed");
    const invoice = await w.db
      .selectFrom("invoices")
      .select("voided_at")
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    expect(invoice.voided_at).not.toBeNull();
    const last = (await w.buyerMails(number)).at(-1)!;
    expect(last.text_body).toContain("Buyer's licence refused");
  });

  it("a vehicle the owner had marked Sold by hand stays Sold when the order is cancelled", async () => {
    const { number, vehicleId } = await w.accepted();
    await w.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", vehicleId).execute();
    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    const done = await cancel(number, { reason: "Sold elsewhere", refundNote: "Refunded in full" });
    expect(done.ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
  });

  it("parts leave the stock when paid in full (the quantity asked), and come back when the order is cancelled", async () => {
    const { number, partId } = await w.accepted({ part: { stock: 5, asked: 2 } });
    const stock = async () =>
      (await w.db.selectFrom("parts").select("quantity").where("id", "=", partId).executeTakeFirstOrThrow()).quantity;
    expect((await recordPayment(w.db, DEAL, number, paymentFields("400000"), STAFF)).ok).toBe(true);
    expect(await stock()).toBe(5);
    expect((await recordPayment(w.db, DEAL, number, paymentFields("600000"), STAFF)).ok).toBe(true);
    expect(await stock()).toBe(3);
    const done = await cancel(number, { reason: "Wrong part", refundNote: "Refunded by TT" });
    expect(done.ok).toBe(true);
    expect(await stock()).toBe(5);
  });

  it("parts shipped before full payment leave the stock when they ship, and only then", async () => {
    const { number, partId } = await w.accepted({ part: { stock: 4, asked: 3 } });
    const stock = async () =>
      (await w.db.selectFrom("parts").select("quantity").where("id", "=", partId).executeTakeFirstOrThrow()).quantity;
    expect((await recordPayment(w.db, DEAL, number, paymentFields("100000"), STAFF)).ok).toBe(true);
    expect((await saveShipment(w.db, DEAL, number, { vessel: "Morning Star" }, STAFF)).ok).toBe(true);
    expect((await moveOrderByStaff(w.db, DEAL, number, "ship", { unpaid: "on" }, STAFF)).ok).toBe(true);
    expect(await stock()).toBe(1);
    expect((await recordPayment(w.db, DEAL, number, paymentFields("900000"), STAFF)).ok).toBe(true);
    expect(await stock()).toBe(1);
  });

  it("is refused once the order has shipped", async () => {
    const { number } = await w.accepted();
    await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF);
    await saveShipment(w.db, DEAL, number, { vessel: "Morning Star" }, STAFF);
    expect((await moveOrderByStaff(w.db, DEAL, number, "ship", {}, STAFF)).ok).toBe(true);
    const outcome = await cancel(number, { reason: "Changed mind", refundNote: "n/a" });
    expect(outcome.ok).toBe(false);
    expect((await w.order(number)).status).toBe("shipped");
  });
});

describe("the order's mails at a real mail server", () => {
  it("changes within 10 minutes reach the buyer as one mail listing them all, in their language, with the order's link", async () => {
    const smtp = await startSmtp();
    const sender = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    const sendAll = (now?: Date) => w.sendAll(sender, now);
    // When the window of the changes below has closed: the outbox's clock moved, not waited for.
    const windowClosed = () => new Date(Date.now() + ORDER_MAIL_WINDOW_MS + 1_000);
    // The earlier tests' mails are theirs: only this order's go out here (each invoice's PDF is made as it is sent).
    await w.db.updateTable("mail_outbox").set({ status: "sent" }).where("status", "=", "pending").execute();
    try {
      const { number } = await w.accepted();
      await sendAll();
      const start = smtp.received.length;
      const toAmal = () =>
        smtp.received
          .slice(start)
          .filter((m) => m.to.includes("amal@example.lk"))
          .map((m) => readMail(m.raw));
      // Four clicks within a minute, three changes (the second save changes nothing).
      await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF);
      await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", etd: shopDayIn(4), eta: shopDayIn(30) }, STAFF);
      await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", etd: shopDayIn(4), eta: shopDayIn(30) }, STAFF);
      await moveOrderByStaff(w.db, DEAL, number, "ship", { beforeEtd: "on" }, STAFF);
      await sendAll();
      expect(toAmal()).toEqual([]);
      await sendAll(windowClosed());
      const received = toAmal();
      expect(received).toHaveLength(1);
      const [mail] = received;
      expect(mail!.subject).toContain(`3 updates on order ${number}`);
      const at = (text: string) => mail!.text.indexOf(text);
      expect(at(`1. Order ${number}`)).toBeGreaterThan(0);
      expect(mail!.text).toMatch(/1\. Order \S+ \(.+\) is paid in full/);
      expect(at(`2. Shipping details for order ${number}`)).toBeGreaterThan(at("1. Order"));
      expect(at(`3. Order ${number}`)).toBeGreaterThan(at("2. Shipping details"));
      expect(mail!.text).toMatch(/3\. Order \S+ \(.+\) has shipped on Morning Star/);
      expect(mail!.text.split(`https://shop.example/orders/${number}`)).toHaveLength(2);
      // Paid in full speaks of money: the mail ends with where to check an invoice.
      expect(mail!.text.trimEnd()).toMatch(/https:\/\/shop\.example\/verify\nWe never change our bank account[^\n]+$/);
      // Every row of the window was sent with it: nothing goes out again.
      await sendAll(new Date(Date.now() + 2 * ORDER_MAIL_WINDOW_MS));
      expect(toAmal()).toHaveLength(1);

      // A buyer who asked in Japanese without an account: Japanese, with the order's own link.
      const guest = await w.accepted({ guest: true, language: "ja" });
      await sendAll();
      const from = smtp.received.length;
      await recordPayment(w.db, DEAL, guest.number, paymentFields("250000"), STAFF);
      await sendAll(windowClosed());
      const theirs = smtp.received.slice(from).map((m) => readMail(m.raw));
      expect(theirs).toHaveLength(1);
      expect(theirs[0]!.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
      expect(theirs[0]!.subject).toContain(guest.number);
      expect(theirs[0]!.text).toContain(`https://shop.example${orderLinkPath(DEAL.sessionSecret, guest.number)}`);
    } finally {
      await smtp.stop();
    }
  });
});
