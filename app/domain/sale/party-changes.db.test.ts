import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "../../../tests/support/pdf";
import { DEAL, dealWorldForFile } from "../../../tests/support/deal-world";
import { startSmtp } from "../../../tests/support/smtp";
import { createSender, sendDueMail } from "~/domain/mail/outbox.server";
import { runDealClock } from "./holds.server";
import { invoicePdf } from "./invoice-file.server";
import { giveParties, partiesOf, type PartiesInput, readPartiesForm } from "./order-parties.server";
import {
  confirmPartyChange,
  decidePartyChange,
  partyChangeOf,
  requestPartyChange,
  withdrawPartyChange,
} from "./party-changes.server";

/*
 * A change of the consignee once it is on the invoice (issue 42.2), on SQLite
 * and PostgreSQL: the password and a code mailed to the account, everyone
 * told at a real SMTP server, a day's wait on a clock the test moves, the
 * owner's approval sooner, and the timeline keeping what it was.
 */

const w = dealWorldForFile();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

const PASSWORD = "correct horse battery";
const HOUR = 3_600_000;
const STAFF = { kind: "staff" as const, id: "1" };

const FIRST = {
  consigneeName: "Lanka Clearing Agents (Pvt) Ltd",
  consigneeAddress: "45 Front Street, Colombo 11, Sri Lanka",
  consigneePhone: "077 555 0199",
  consigneeTaxId: "123456789V",
  consigneeEmail: "desk@lanka-clearing.example",
  notifySame: "on",
};
const SECOND = {
  ...FIRST,
  consigneeName: "Ceylon Motors Trading",
  consigneeAddress: "12 Galle Road, Colombo 3, Sri Lanka",
  consigneeEmail: "imports@ceylon-motors.example",
};

async function orderOf(number: string) {
  return w.t.db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
}

function parties(form: Record<string, string>, country: string): PartiesInput {
  const read = readPartiesForm(form, country);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.parties;
}

/** An accepted order whose buyer has given FIRST as consignee. */
async function orderWithConsignee() {
  const { number } = await w.accepted();
  const order = await orderOf(number);
  const given = await giveParties(
    w.t.db,
    DEAL,
    { customerId: w.buyerIds[0]! },
    number,
    parties(FIRST, order.buyer_country),
  );
  if (!given.ok) throw new Error(JSON.stringify(given));
  return order;
}

/** The owner uploads the order's bill of lading: from then on the consignee it names cannot change. */
async function billOfLadingMade(order: { id: number; number: string }, at: Date) {
  await w.t.db
    .insertInto("order_documents")
    .values({
      order_id: order.id,
      kind: "bill_of_lading",
      file_key: `bl-${order.number}.pdf`,
      content_type: "application/pdf",
      size: 1,
      sha256: "x",
      uploaded_by: "staff",
      uploaded_at: at.toISOString(),
      removed_at: null,
    })
    .execute();
}

/** The code in the last code mail of an order, as the buyer reads it. */
async function mailedCode(number: string): Promise<string> {
  const mail = await w.t.db
    .selectFrom("mail_outbox")
    .select(["to_address", "text_body"])
    .where("subject", "=", `Order ${number}: your code to change the consignee`)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  expect(mail.to_address).toBe("amal@example.lk");
  return /page: (\d{6})/.exec(mail.text_body)![1]!;
}

describe("a change of the consignee once it is on the invoice", () => {
  it("needs the password and the mailed code, waits a day, tells every address, and the timeline keeps both", async () => {
    const order = await orderWithConsignee();
    const buyer = { customerId: w.buyerIds[0]! };
    const wanted = parties(SECOND, order.buyer_country);
    const t0 = new Date();

    // A wrong password: refused on the password field, nothing asked, no code mailed.
    const wrong = await requestPartyChange(
      w.t.db,
      DEAL,
      buyer,
      order.number,
      { password: "guess", parties: wanted },
      t0,
    );
    expect(wrong).toMatchObject({ ok: false, refusal: "invalid", errors: { password: expect.anything() } });
    expect(await partyChangeOf(w.t.db, order.id)).toBeNull();

    const asked = await requestPartyChange(
      w.t.db,
      DEAL,
      buyer,
      order.number,
      { password: PASSWORD, parties: wanted },
      t0,
    );
    expect(asked).toMatchObject({ ok: true, message: { key: "consignee.change.codeSent" } });
    const code = await mailedCode(order.number);

    // A second change while one is open is refused, the first kept.
    const second = await requestPartyChange(
      w.t.db,
      DEAL,
      buyer,
      order.number,
      { password: PASSWORD, parties: parties({ ...SECOND, consigneeName: "Third Party" }, order.buyer_country) },
      t0,
    );
    expect(second).toMatchObject({ ok: false, refusal: "conflict", message: { key: "consignee.change.waiting" } });

    // A wrong code changes nothing; the right one starts the day's wait.
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect(await confirmPartyChange(w.t.db, DEAL, buyer, order.number, wrongCode, t0)).toMatchObject({
      ok: false,
      errors: { code: expect.anything() },
    });
    expect((await partyChangeOf(w.t.db, order.id))?.status).toBe("awaiting_code");
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await confirmPartyChange(w.t.db, DEAL, buyer, order.number, code, t1)).toMatchObject({ ok: true });
    const waiting = await partyChangeOf(w.t.db, order.id);
    expect(waiting?.status).toBe("waiting");
    expect(waiting?.dueAt).toBe(new Date(t1.getTime() + 24 * HOUR).toISOString());

    // A minute before the day is over the consignee is still the first; the invoice still names it.
    await runDealClock(w.t.db, DEAL, new Date(t1.getTime() + 24 * HOUR - 60_000));
    expect((await partiesOf(w.t.db, order.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
    await runDealClock(w.t.db, DEAL, new Date(t1.getTime() + 24 * HOUR));
    expect((await partiesOf(w.t.db, order.id)).consignee).toMatchObject({
      name: "Ceylon Motors Trading",
      email: "imports@ceylon-motors.example",
    });
    expect(await partyChangeOf(w.t.db, order.id)).toBeNull();
    const page1 = (await readPdf((await invoicePdf(w.t.db, order.number))!)).pageTexts[0]!.replace(/\s+/g, " ");
    expect(page1).toContain("CONSIGNEE Ceylon Motors Trading");
    expect(page1).not.toContain("Lanka Clearing");
    // The consignee's e-mail address is the shop's to write to, not printed.
    expect(page1).not.toContain("ceylon-motors.example");

    // The timeline: asked for (with the day it takes effect), then applied, each with what it was and is.
    const steps = await w.t.db
      .selectFrom("order_events")
      .select(["data", "by_kind"])
      .where("order_id", "=", order.id)
      .where("kind", "=", "partiesChange")
      .orderBy("id")
      .execute();
    expect(steps.map((s) => [JSON.parse(s.data).stage, s.by_kind])).toEqual([
      ["requested", "customer"],
      ["applied", "system"],
    ]);
    for (const step of steps)
      expect(JSON.parse(step.data)).toMatchObject({
        from: { consignee: "Lanka Clearing Agents (Pvt) Ltd" },
        to: { consignee: "Ceylon Motors Trading" },
      });

    // Every address is told at a real mail server: the account, the old consignee and the new one, and the owner.
    await sendDueMail(w.t.db, createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" }), "shop@shop.example");
    const told = (subject: string) =>
      smtp.received
        .filter((m) => m.raw.includes(subject))
        .flatMap((m) => m.to)
        .sort();
    expect(told(`Order ${order.number}: change of consignee asked for`)).toEqual([
      "amal@example.lk",
      "desk@lanka-clearing.example",
      "imports@ceylon-motors.example",
    ]);
    expect(told(`Order ${order.number}: the consignee has changed`)).toEqual([
      "amal@example.lk",
      "desk@lanka-clearing.example",
      "imports@ceylon-motors.example",
    ]);
    expect(told(`Consignee change asked for on order ${order.number}`)).toEqual([DEAL.ownerEmail]);
    const code1 = smtp.received.filter((m) => m.raw.includes("your code to change the consignee"));
    expect(code1.flatMap((m) => m.to)).toEqual(["amal@example.lk"]);
    // The buyer reads every detail; a consignee's address only the names: no address, phone or tax number.
    const askedMail = (to: string) =>
      smtp.received.find((m) => m.to.includes(to) && m.raw.includes("change of consignee asked for"))!.raw;
    expect(askedMail("amal@example.lk")).toContain("NIC 123456789V");
    for (const consignee of ["desk@lanka-clearing.example", "imports@ceylon-motors.example"]) {
      expect(askedMail(consignee)).toContain("Ceylon Motors Trading");
      expect(askedMail(consignee)).not.toContain("123456789V");
      expect(askedMail(consignee)).not.toContain("Galle Road");
    }
  });

  it("the owner may approve it sooner after a call, or refuse it; the buyer may withdraw it", async () => {
    const buyer = { customerId: w.buyerIds[0]! };
    const t0 = new Date();
    const ask = async () => {
      const order = await orderWithConsignee();
      const wanted = parties(SECOND, order.buyer_country);
      expect(
        (await requestPartyChange(w.t.db, DEAL, buyer, order.number, { password: PASSWORD, parties: wanted }, t0)).ok,
      ).toBe(true);
      expect((await confirmPartyChange(w.t.db, DEAL, buyer, order.number, await mailedCode(order.number), t0)).ok).toBe(
        true,
      );
      return order;
    };

    const approved = await ask();
    expect(
      await decidePartyChange(w.t.db, DEAL, STAFF, approved.number, "approve", new Date(t0.getTime() + HOUR)),
    ).toMatchObject({ ok: true });
    expect((await partiesOf(w.t.db, approved.id)).consignee?.name).toBe("Ceylon Motors Trading");

    const refusedOrder = await ask();
    expect((await decidePartyChange(w.t.db, DEAL, STAFF, refusedOrder.number, "refuse", t0)).ok).toBe(true);
    // Refused stays refused: the day passing applies nothing.
    await runDealClock(w.t.db, DEAL, new Date(t0.getTime() + 48 * HOUR));
    expect((await partiesOf(w.t.db, refusedOrder.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
    const stopped = await w.t.db
      .selectFrom("mail_outbox")
      .select("to_address")
      .where("subject", "=", `Order ${refusedOrder.number}: the change of consignee was stopped`)
      .execute();
    expect(stopped.map((m) => m.to_address).sort()).toEqual([
      "amal@example.lk",
      "desk@lanka-clearing.example",
      "imports@ceylon-motors.example",
    ]);

    const withdrawn = await ask();
    expect((await withdrawPartyChange(w.t.db, DEAL, buyer, withdrawn.number, t0)).ok).toBe(true);
    await runDealClock(w.t.db, DEAL, new Date(t0.getTime() + 48 * HOUR));
    expect((await partiesOf(w.t.db, withdrawn.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
    // Three changes a day at most: each mails the people it names.
    const wanted = parties(SECOND, withdrawn.buyer_country);
    for (let i = 0; i < 2; i++) {
      const again = await requestPartyChange(
        w.t.db,
        DEAL,
        buyer,
        withdrawn.number,
        { password: PASSWORD, parties: wanted },
        t0,
      );
      expect(again.ok).toBe(true);
      expect((await withdrawPartyChange(w.t.db, DEAL, buyer, withdrawn.number, t0)).ok).toBe(true);
    }
    const fourth = await requestPartyChange(
      w.t.db,
      DEAL,
      buyer,
      withdrawn.number,
      { password: PASSWORD, parties: wanted },
      t0,
    );
    expect(fourth).toMatchObject({
      ok: false,
      refusal: "too-many",
      message: { key: "consignee.change.tooManyChanges" },
    });
    // Nothing left to decide.
    expect(await decidePartyChange(w.t.db, DEAL, STAFF, withdrawn.number, "approve", t0)).toMatchObject({
      ok: false,
      refusal: "conflict",
    });
  });

  it("a code too late or wrong five times lapses the change; nothing changes", async () => {
    const buyer = { customerId: w.buyerIds[0]! };
    const t0 = new Date();
    const late = await orderWithConsignee();
    const wanted = parties(SECOND, late.buyer_country);
    await requestPartyChange(w.t.db, DEAL, buyer, late.number, { password: PASSWORD, parties: wanted }, t0);
    const code = await mailedCode(late.number);
    expect(
      await confirmPartyChange(w.t.db, DEAL, buyer, late.number, code, new Date(t0.getTime() + 31 * 60_000)),
    ).toMatchObject({
      ok: false,
      refusal: "gone",
    });
    expect(await partyChangeOf(w.t.db, late.id)).toBeNull();
    // A change never confirmed was never told to anyone, and ends without a word.
    const told = await w.t.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("subject", "like", `%${late.number}%`)
      .execute();
    expect(
      told.map((m) => m.subject).filter((subject) => /change of consignee|consignee change/i.test(subject)),
    ).toEqual([]);

    const guessed = await orderWithConsignee();
    await requestPartyChange(w.t.db, DEAL, buyer, guessed.number, { password: PASSWORD, parties: wanted }, t0);
    const right = await mailedCode(guessed.number);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++)
      expect(await confirmPartyChange(w.t.db, DEAL, buyer, guessed.number, wrong, t0)).toMatchObject({
        refusal: "invalid",
      });
    expect(await confirmPartyChange(w.t.db, DEAL, buyer, guessed.number, wrong, t0)).toMatchObject({
      refusal: "too-many",
    });
    // The right code after that finds nothing to confirm.
    expect(await confirmPartyChange(w.t.db, DEAL, buyer, guessed.number, right, t0)).toMatchObject({
      refusal: "conflict",
    });
    expect((await partiesOf(w.t.db, guessed.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
    // The right password and then wrong codes: the owner is warned that someone else may know it.
    const warned = await w.t.db
      .selectFrom("mail_outbox")
      .select(["to_address", "text_body"])
      .where("subject", "=", `Consignee change on order ${guessed.number} cancelled after wrong codes`)
      .execute();
    expect(warned.map((m) => m.to_address)).toEqual([DEAL.ownerEmail]);

    // A code never given lapses on the clock: a new change may then be asked for.
    const idle = await orderWithConsignee();
    await requestPartyChange(w.t.db, DEAL, buyer, idle.number, { password: PASSWORD, parties: wanted }, t0);
    await runDealClock(w.t.db, DEAL, new Date(t0.getTime() + HOUR));
    expect(await partyChangeOf(w.t.db, idle.id)).toBeNull();
    expect(
      (await requestPartyChange(w.t.db, DEAL, buyer, idle.number, { password: PASSWORD, parties: wanted }, t0)).ok,
    ).toBe(true);
  });

  it("stops a change whose code comes after the bill of lading, telling nobody it would take effect", async () => {
    const t0 = new Date();
    const order = await orderWithConsignee();
    const buyer = { customerId: w.buyerIds[0]! };
    const wanted = parties(SECOND, order.buyer_country);
    await requestPartyChange(w.t.db, DEAL, buyer, order.number, { password: PASSWORD, parties: wanted }, t0);
    const code = await mailedCode(order.number);
    await billOfLadingMade(order, t0);
    expect(await confirmPartyChange(w.t.db, DEAL, buyer, order.number, code, t0)).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "consignee.change.billOfLading" },
    });
    expect(await partyChangeOf(w.t.db, order.id)).toBeNull();
    const asked = await w.t.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("subject", "=", `Order ${order.number}: change of consignee asked for, takes effect %`)
      .execute();
    expect(asked).toEqual([]);
    expect((await partiesOf(w.t.db, order.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
  });

  it("is refused to another buyer, with nothing changed, and never applied once the order has shipped", async () => {
    const t0 = new Date();
    const order = await orderWithConsignee();
    const wanted = parties(SECOND, order.buyer_country);
    const stranger = await requestPartyChange(
      w.t.db,
      DEAL,
      { customerId: w.buyerIds[1]! },
      order.number,
      { password: PASSWORD, parties: wanted },
      t0,
    );
    expect(stranger).toMatchObject({ ok: false, refusal: "not-found" });
    const same = await requestPartyChange(
      w.t.db,
      DEAL,
      { customerId: w.buyerIds[0]! },
      order.number,
      { password: PASSWORD, parties: parties(FIRST, order.buyer_country) },
      t0,
    );
    expect(same).toMatchObject({ ok: false, message: { key: "consignee.change.nothingChanged" } });

    const buyer = { customerId: w.buyerIds[0]! };
    await requestPartyChange(w.t.db, DEAL, buyer, order.number, { password: PASSWORD, parties: wanted }, t0);
    await confirmPartyChange(w.t.db, DEAL, buyer, order.number, await mailedCode(order.number), t0);
    // The bill of lading is made out while the change waits: it must not change under it.
    await billOfLadingMade(order, t0);
    expect(await decidePartyChange(w.t.db, DEAL, STAFF, order.number, "approve", t0)).toMatchObject({
      ok: false,
      message: { key: "consignee.change.billOfLading" },
    });
    await runDealClock(w.t.db, DEAL, new Date(t0.getTime() + 25 * HOUR));
    expect((await partiesOf(w.t.db, order.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
    const last = await w.t.db
      .selectFrom("order_events")
      .select("data")
      .where("order_id", "=", order.id)
      .where("kind", "=", "partiesChange")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(last.data).stage).toBe("refused");
  });

  it("counts wrong passwords as the sign-in does: after ten, even the right one is refused for a while", async () => {
    // The other buyer's own order, so the count does not reach the tests above.
    const { number } = await w.accepted({ buyer: 1 });
    const order = await orderOf(number);
    const buyer = { customerId: w.buyerIds[1]! };
    const given = await giveParties(w.t.db, DEAL, buyer, number, parties(FIRST, order.buyer_country));
    expect(given.ok).toBe(true);
    const wanted = parties(SECOND, order.buyer_country);
    for (let i = 0; i < 10; i++)
      expect(
        await requestPartyChange(w.t.db, DEAL, buyer, number, { password: `guess ${i}`, parties: wanted }),
      ).toMatchObject({
        refusal: "invalid",
      });
    expect(
      await requestPartyChange(w.t.db, DEAL, buyer, number, { password: PASSWORD, parties: wanted }),
    ).toMatchObject({
      ok: false,
      refusal: "too-many",
    });
    expect(await partyChangeOf(w.t.db, order.id)).toBeNull();
  });
});
