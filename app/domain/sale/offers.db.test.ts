import { describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile, shopDayIn, STAFF } from "../../../tests/support/deal-world";
import { english, englishAll } from "../../../tests/support/english";
import { createOffer, offerDefaults } from "./offers.server";
import { moveQuoteByStaff } from "./quote-moves.server";
/*
 * The owner's offer on a quote (issue 20), on SQLite and PostgreSQL: its
 * defaults, its refusals, what it saves and mails, and a part's offer.
 */

// The buyer asks in Sinhala: the mails to them are not the English ones.
const w = dealWorldForFile({ language: "si" });

describe("offers", () => {
  it("start from the item's price and the freight table's freight and insurance to the buyer's port", async () => {
    const v = await w.vehicle(1_000_000);
    const number = await w.quote("vehicle", v);
    const row = await w.quoteRow(number);
    const values = await offerDefaults(w.db, row.id);
    // A 1,500 cc sedan is a medium vehicle: 120,000 freight, 1.5 % of 1,120,000 insurance.
    expect(values).toMatchObject({ fob: "1000000", freight: "120000", insurance: "16800", terms: "CIF" });
    expect(values.port).toBe(w.portLabel);
    expect(values.validUntil).toBe(shopDayIn(7));
  });

  it("refuse bad input with a message per field and change nothing", async () => {
    const v = await w.vehicle();
    const number = await w.quote("vehicle", v);
    const cases: [Record<string, string>, string, string][] = [
      [{ fob: "-5000" }, "fob", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      [{ fob: "1000000.50" }, "fob", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      [{ fob: "" }, "fob", "Enter the FOB price."],
      [{ freight: "" }, "freight", "C&F and CIF offers include the ocean freight: enter it."],
      [{ otherAmount1: "5000" }, "otherName1", "Name this fee."],
      [{ terms: "DDP" }, "terms", "Choose FOB, C&F or CIF."],
      [{ validUntil: "2020-01-01" }, "validUntil", "The offer cannot end before today."],
      [{ validUntil: "tomorrow" }, "validUntil", "Enter the last day the offer stands."],
      [{ validUntil: "2027-02-30" }, "validUntil", "Enter the last day the offer stands."],
      [{ validUntil: "2027-13-01" }, "validUntil", "Enter the last day the offer stands."],
    ];
    for (const [change, field, message] of cases) {
      const outcome = await createOffer(w.db, DEAL, number, w.cifForm(change), STAFF);
      expect(outcome.ok, JSON.stringify(change)).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.refusal).toBe("invalid");
      expect(englishAll(outcome.errors)[field], JSON.stringify(change)).toBe(message);
      expect(outcome.values.message).toBe(w.cifForm().message);
    }
    const huge = await createOffer(
      w.db,
      DEAL,
      number,
      w.cifForm({ fob: "900,000,000", freight: "900,000,000" }),
      STAFF,
    );
    expect(huge.ok ? null : [huge.refusal, english(huge.message)]).toEqual([
      "invalid",
      "An offer adds up to at most ¥1,000,000,000.",
    ]);
    const zero = await createOffer(
      w.db,
      DEAL,
      number,
      w.cifForm({ fob: "0", freight: "", insurance: "", terms: "FOB" }),
      STAFF,
    );
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(english(zero.message)).toBe("An offer needs at least one line with an amount.");
    expect((await w.quoteRow(number)).status).toBe("pending");
    expect(await w.ofQuote("offers", number)).toEqual([]);
  });

  it("are saved with the quote moved to Offered, the buyer mailed in their language, and logged", async () => {
    const v = await w.vehicle();
    const number = await w.quote("vehicle", v);
    const outcome = await createOffer(w.db, DEAL, number, w.cifForm(), STAFF);
    expect(outcome).toMatchObject({ ok: true, total: 1_136_800 });
    const row = await w.quoteRow(number);
    expect(row.status).toBe("offered");
    const offer = await w.db.selectFrom("offers").selectAll().where("quote_id", "=", row.id).executeTakeFirstOrThrow();
    expect(JSON.parse(offer.lines)).toEqual([
      { kind: "fob", label: "FOB price", amount: 1_000_000 },
      { kind: "freight", label: "Ocean freight", amount: 120_000 },
      { kind: "insurance", label: "Marine insurance", amount: 16_800 },
    ]);
    expect(offer.message).toContain(`Dear Amal Perera, ${row.item_name} to Colombo, Sri Lanka for ¥1,136,800 until`);
    const buyerMail = (await w.quoteMails(number)).filter((m) => m.to_address === "amal@example.lk").at(-1);
    expect(buyerMail?.text_body).toContain("1,136,800");
    // The buyer asked in Sinhala: the offer mail is not the English one.
    expect(buyerMail?.subject).not.toContain("Our offer for");
    expect(buyerMail?.text_body).toContain(`https://shop.example/quotes/${number}`);
    const log = await w.db
      .selectFrom("activity_log")
      .select("action")
      .where("subject_id", "=", String(row.id))
      .execute();
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(["quote.status_changed", "offer.created"]));
  });

  it("a chosen template is the message when none was typed (a browser without scripts)", async () => {
    const v = await w.vehicle();
    const number = await w.quote("vehicle", v);
    const now = new Date().toISOString();
    const template = await w.db
      .insertInto("reply_templates")
      .values({ name: "No script", body: "Hello {buyer_name}: {total} to {port}.", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const outcome = await createOffer(
      w.db,
      DEAL,
      number,
      w.cifForm({ message: "", template: String(template.id) }),
      STAFF,
    );
    expect(outcome.ok).toBe(true);
    const offer = await w.offerOf(number);
    expect(offer.message).toBe("Hello Amal Perera: ¥1,136,800 to Colombo, Sri Lanka.");
  });

  it("a new offer replaces the open one", async () => {
    const v = await w.vehicle();
    const number = await w.quote("vehicle", v);
    expect((await createOffer(w.db, DEAL, number, w.cifForm(), STAFF)).ok).toBe(true);
    expect((await createOffer(w.db, DEAL, number, w.cifForm({ fob: "950,000" }), STAFF)).ok).toBe(true);
    const row = await w.quoteRow(number);
    const offers = await w.db
      .selectFrom("offers")
      .select(["status", "total"])
      .where("quote_id", "=", row.id)
      .orderBy("id")
      .execute();
    expect(offers).toEqual([
      { status: "replaced", total: 1_136_800 },
      { status: "open", total: 1_086_800 },
    ]);
  });

  it("are refused on a sold vehicle and on a closed quote", async () => {
    const v = await w.vehicle();
    const number = await w.quote("vehicle", v);
    await w.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", v).execute();
    const sold = await createOffer(w.db, DEAL, number, w.cifForm(), STAFF);
    expect(sold.ok ? null : [sold.refusal, english(sold.message)]).toEqual([
      "conflict",
      "This item is sold: no offer can be made on it.",
    ]);
    const other = await w.quote("vehicle", await w.vehicle());
    expect((await moveQuoteByStaff(w.db, other, "close", STAFF)).ok).toBe(true);
    const closed = await createOffer(w.db, DEAL, other, w.cifForm(), STAFF);
    expect(closed.ok ? null : [closed.refusal, english(closed.message)]).toEqual([
      "conflict",
      "An offer cannot be made on a quote that is closed.",
    ]);
  });
});

describe("parts", () => {
  it("an accepted part offer issues an invoice without holding anything", async () => {
    const part = await w.part(5);
    const number = await w.quote("part", part, 0, 2);
    const defaults = await offerDefaults(w.db, (await w.quoteRow(number)).id);
    expect(defaults.fob).toBe("40000");
    expect(
      (
        await createOffer(
          w.db,
          DEAL,
          number,
          w.cifForm({ fob: "40000", freight: "", insurance: "", terms: "FOB" }),
          STAFF,
        )
      ).ok,
    ).toBe(true);
    const outcome = await w.accept(number);
    expect(outcome.ok).toBe(true);
    expect(await w.ofQuote("holds", number)).toEqual([]);
  });
});
