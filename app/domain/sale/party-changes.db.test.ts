import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "../../../tests/support/pdf";
import { AMAL, DEAL, dealWorldForFile, OTHER_BUYER } from "../../../tests/support/deal-world";
import { english } from "../../../tests/support/english";
import { startSmtp } from "../../../tests/support/smtp";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createSender } from "~/domain/mail/outbox.server";
import { formatDate } from "~/i18n/format";
import { runDealClock } from "./holds.server";
import { invoicePdf } from "./invoice-file.server";
import { closedPartyChanges } from "./party-change-history.server";
import { giveParties, partiesOf, type PartiesInput, readPartiesForm } from "./order-parties.server";
import {
  confirmPartyChange,
  decidePartyChange,
  partyChangeOf,
  partyChangeOfOrder,
  requestPartyChange,
  runPartyChangeClock,
  withdrawPartyChange,
} from "./party-changes.server";

/*
 * A change of the consignee once it is on the invoice (issue 42.2), on SQLite
 * and PostgreSQL: the password and a code mailed to the account, everyone
 * told at a real SMTP server, a day's wait on a clock the test moves, the
 * owner's approval sooner, and the timeline keeping what it was.
 */

// A third buyer whose password tries no other test counts.
const w = dealWorldForFile({
  buyers: [
    AMAL,
    OTHER_BUYER,
    { email: "third@example.lk", fullName: "Third Buyer", country: "Sri Lanka", phone: "+94 77 555 0103" },
  ],
});
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

/** An accepted order whose buyer has given FIRST (or `form`) as consignee. */
async function orderWithConsignee(form: Record<string, string> = FIRST) {
  const { number } = await w.accepted();
  const order = await orderOf(number);
  const given = await giveParties(
    w.t.db,
    DEAL,
    { customerId: w.buyerIds[0]! },
    number,
    parties(form, order.buyer_country),
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
    expect(wrong).toMatchObject({ ok: false, refusal: "invalid", message: { key: "consignee.change.wrongPassword" } });
    expect(wrong.ok ? null : english(wrong.errors!.password!)).toBe(
      "This is not your account's password. Nothing was changed.",
    );
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
    const wrongOne = await confirmPartyChange(w.t.db, DEAL, buyer, order.number, wrongCode, t0);
    expect(wrongOne).toMatchObject({ ok: false, refusal: "invalid", message: { key: "consignee.change.wrongCode" } });
    expect(wrongOne.ok ? null : english(wrongOne.errors!.code!)).toBe(
      "This is not the code we sent. Check the latest e-mail and try again.",
    );
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
    const page1 = (await readPdf((await invoicePdf(w.files, order.number))!)).pageTexts[0]!.replace(/\s+/g, " ");
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
    // Every mail due, whatever other tests left in the outbox before these.
    await w.sendAll(createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" }));
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
    const code1 = smtp.received.filter((m) => m.raw.includes(`Order ${order.number}: your code to change`));
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
    ).toMatchObject({ ok: true, message: { key: "consignee.change.approved" } });
    expect((await partiesOf(w.t.db, approved.id)).consignee?.name).toBe("Ceylon Motors Trading");
    expect(
      await w.t.db
        .selectFrom("activity_log")
        .select(["actor_kind", "action", "summary"])
        .where("subject_kind", "=", "order")
        .where("subject_id", "=", String(approved.id))
        .where("action", "like", "order.partiesChange%")
        .execute(),
    ).toEqual([
      {
        actor_kind: "staff",
        action: "order.partiesChangeApproved",
        summary: `Order ${approved.number}: change of consignee approved`,
      },
    ]);
    expect(await closedPartyChanges(w.t.db, approved.number)).toMatchObject([{ status: "applied", closedBy: "staff" }]);

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
      message: { key: "consignee.change.codeExpired" },
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
      message: { key: "consignee.change.tooManyCodes" },
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
    // And the owner's log keeps it, as the buyer's doing.
    expect(
      await w.t.db
        .selectFrom("activity_log")
        .select(["actor_kind", "actor_id", "action", "summary"])
        .where("subject_kind", "=", "order")
        .where("subject_id", "=", String(guessed.id))
        .execute(),
    ).toContainEqual({
      actor_kind: "customer",
      actor_id: String(buyer.customerId),
      action: "order.partiesChangeCodeFailed",
      summary: `Order ${guessed.number}: change of consignee cancelled after 5 wrong codes`,
    });

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
      refusal: "conflict",
      message: { key: "consignee.change.billOfLading" },
    });
    // Stopped by the shop itself, not by the owner's hand.
    expect(await closedPartyChanges(w.t.db, order.number)).toMatchObject([{ status: "refused", closedBy: "system" }]);
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
    // An account of its own, so the count reaches no other test.
    const made = await createCustomer(w.t.db, {
      email: "guessed@example.lk",
      fullName: "Guessed Buyer",
      country: "Sri Lanka",
      phone: "+94 77 555 0105",
      password: PASSWORD,
    });
    const buyer = { customerId: made!.id };
    const wanted = parties(SECOND, "Sri Lanka");
    for (let i = 0; i < 10; i++)
      expect(
        await requestPartyChange(w.t.db, DEAL, buyer, "NO-SUCH-ORDER", { password: `guess ${i}`, parties: wanted }),
      ).toMatchObject({
        refusal: "invalid",
      });
    expect(
      await requestPartyChange(w.t.db, DEAL, buyer, "NO-SUCH-ORDER", { password: PASSWORD, parties: wanted }),
    ).toMatchObject({
      ok: false,
      refusal: "too-many",
      message: { key: "consignee.change.tooManyTries" },
    });
  });
});

describe("the code, the day's limit and the clock, as the buyer and the owner see them", () => {
  // A day of its own, long past: the clock run here finds only this describe's changes due.
  const T = new Date(Date.now() - 30 * 24 * HOUR);
  const MINUTE = 60_000;
  const later = (ms: number) => new Date(T.getTime() + ms);
  const buyer = () => ({ customerId: w.buyerIds[0]! });
  const ask = async (number: string, at: Date, form: Record<string, string> = SECOND) =>
    requestPartyChange(w.t.db, DEAL, buyer(), number, { password: PASSWORD, parties: parties(form, "Sri Lanka") }, at);

  it("holds the code for 30 minutes to the minute, typed with spaces too; then only a withdrawal is left", async () => {
    const order = await orderWithConsignee();
    const asked = await ask(order.number, T);
    expect(asked.ok ? english(asked.message) : asked).toBe(
      "We sent a code to amal@example.lk. Enter it below within 30 minutes to confirm the change.",
    );
    const code = await mailedCode(order.number);
    expect((await partyChangeOfOrder(w.t.db, order.number))?.codeExpiresAt).toBe(later(30 * MINUTE).toISOString());
    // The clock at the 30th minute leaves the code good.
    expect((await runDealClock(w.t.db, DEAL, later(30 * MINUTE))).consigneeChanges).toBe(0);
    expect((await partyChangeOf(w.t.db, order.id))?.status).toBe("awaiting_code");
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const confirmed = await confirmPartyChange(w.t.db, DEAL, buyer(), order.number, spaced, later(30 * MINUTE));
    expect(confirmed.ok ? english(confirmed.message) : confirmed).toBe(
      "Confirmed. The change takes effect in 24 hours unless you withdraw it; we will call you to confirm it.",
    );
    // Confirmed once: the code is spent.
    expect(await confirmPartyChange(w.t.db, DEAL, buyer(), order.number, code, later(31 * MINUTE))).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "consignee.change.noCodeAsked" },
    });
    const withdrawn = await withdrawPartyChange(w.t.db, DEAL, buyer(), order.number, later(40 * MINUTE));
    expect(withdrawn.ok ? english(withdrawn.message) : withdrawn).toBe(
      "The change is withdrawn. The consignee stays as it was.",
    );
    expect(await withdrawPartyChange(w.t.db, DEAL, buyer(), order.number, later(41 * MINUTE))).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "consignee.change.noneOpen" },
    });
    // The owner's record: withdrawn by the buyer, when, after the code confirmed it.
    expect(await closedPartyChanges(w.t.db, order.number)).toMatchObject([
      {
        status: "withdrawn",
        closedBy: "customer",
        closedAt: later(40 * MINUTE).toISOString(),
        confirmed: true,
        asked: { consignee: { name: "Ceylon Motors Trading" } },
        before: { consignee: { name: "Lanka Clearing Agents (Pvt) Ltd" } },
      },
    ]);
    expect(await partyChangeOfOrder(w.t.db, "NO-SUCH-ORDER")).toBeNull();
  });

  it("lapses a code on the clock just after its 30 minutes, telling nobody, and the clock counts it", async () => {
    const order = await orderWithConsignee();
    await ask(order.number, T);
    const mailsBefore = await w.t.db.selectFrom("mail_outbox").select("id").execute();
    expect((await runDealClock(w.t.db, DEAL, later(30 * MINUTE + 1))).consigneeChanges).toBe(1);
    expect(await partyChangeOf(w.t.db, order.id)).toBeNull();
    expect(await w.t.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(mailsBefore.length);
    expect(await closedPartyChanges(w.t.db, order.number)).toMatchObject([
      { status: "lapsed", closedBy: "system", closedAt: later(30 * MINUTE + 1).toISOString(), confirmed: false },
    ]);
    // Run again: nothing left to move.
    expect(await runPartyChangeClock(w.t.db, DEAL, later(31 * MINUTE))).toBe(0);
  });

  it("leaves the owner's decision to a confirmed change only, and logs it", async () => {
    const order = await orderWithConsignee();
    await ask(order.number, T);
    expect(await decidePartyChange(w.t.db, DEAL, STAFF, order.number, "approve", T)).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "consignee.change.noneWaiting" },
    });
    expect(await decidePartyChange(w.t.db, DEAL, STAFF, "NO-SUCH-ORDER", "approve", T)).toMatchObject({
      ok: false,
      refusal: "not-found",
      message: { key: "consignee.change.notFound" },
    });
    expect((await partiesOf(w.t.db, order.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
    await confirmPartyChange(w.t.db, DEAL, buyer(), order.number, await mailedCode(order.number), T);
    // The bill of lading is made out: the owner may still refuse.
    await billOfLadingMade(order, T);
    const refused = await decidePartyChange(w.t.db, DEAL, STAFF, order.number, "refuse", later(MINUTE));
    expect(refused.ok ? english(refused.message) : refused).toBe(
      "The change is refused. The buyer and both consignees are told.",
    );
    expect(await closedPartyChanges(w.t.db, order.number)).toMatchObject([{ status: "refused", closedBy: "staff" }]);
    const logged = await w.t.db
      .selectFrom("activity_log")
      .select(["actor_kind", "actor_id", "action", "summary"])
      .where("subject_kind", "=", "order")
      .where("subject_id", "=", String(order.id))
      .where("action", "like", "order.partiesChange%")
      .execute();
    expect(logged).toEqual([
      {
        actor_kind: "staff",
        actor_id: "1",
        action: "order.partiesChangeRefused",
        summary: `Order ${order.number}: change of consignee refused`,
      },
    ]);
  });

  it("gives back the tries of the right password: only wrong ones use up the ten", async () => {
    const { number } = await w.accepted({ buyer: 2 });
    const third = { customerId: w.buyerIds[2]! };
    expect((await giveParties(w.t.db, DEAL, third, number, parties(FIRST, "Sri Lanka"))).ok).toBe(true);
    const wanted = parties(SECOND, "Sri Lanka");
    for (let i = 0; i < 9; i++)
      expect(
        await requestPartyChange(w.t.db, DEAL, third, number, { password: `guess ${i}`, parties: wanted }, T),
      ).toMatchObject({ refusal: "invalid" });
    for (let i = 0; i < 2; i++) {
      expect(
        await requestPartyChange(w.t.db, DEAL, third, number, { password: PASSWORD, parties: wanted }, T),
      ).toMatchObject({ ok: true });
      expect((await withdrawPartyChange(w.t.db, DEAL, third, number, T)).ok).toBe(true);
    }
  });

  it("mails the code in the language the buyer ordered in", async () => {
    const { number } = await w.accepted({ language: "ja" });
    expect((await giveParties(w.t.db, DEAL, buyer(), number, parties(FIRST, "Sri Lanka"))).ok).toBe(true);
    expect(await ask(number, T)).toMatchObject({ ok: true });
    const mail = await w.t.db
      .selectFrom("mail_outbox")
      .select("to_address")
      .where("subject", "=", `ご注文 ${number}：荷受人変更の確認コード`)
      .execute();
    expect(mail).toEqual([{ to_address: "amal@example.lk" }]);
    expect((await withdrawPartyChange(w.t.db, DEAL, buyer(), number, T)).ok).toBe(true);
  });

  it("allows three changes an order in any 24 hours, and a change of the notify party alone is one", async () => {
    const order = await orderWithConsignee();
    const notifyOnly = {
      ...FIRST,
      notifySame: "",
      notifyName: "Colombo Freight Ltd",
      notifyAddress: "3 Dock Road, Colombo 1, Sri Lanka",
      notifyPhone: "077 555 0200",
    };
    for (const form of [notifyOnly, SECOND, SECOND]) {
      expect(await ask(order.number, T, form)).toMatchObject({ ok: true });
      expect((await withdrawPartyChange(w.t.db, DEAL, buyer(), order.number, T)).ok).toBe(true);
    }
    expect(await ask(order.number, later(24 * HOUR - 1))).toMatchObject({
      ok: false,
      message: { key: "consignee.change.tooManyChanges" },
    });
    expect(await ask(order.number, later(24 * HOUR))).toMatchObject({ ok: true });
    expect((await withdrawPartyChange(w.t.db, DEAL, buyer(), order.number, later(24 * HOUR))).ok).toBe(true);
  });

  it("is refused for an order not the buyer's, not yet given, or already shipped, and to a password not theirs", async () => {
    const order = await orderWithConsignee();
    // Another buyer can neither confirm nor withdraw it.
    await ask(order.number, T);
    const other = { customerId: w.buyerIds[1]! };
    for (const outcome of [
      await confirmPartyChange(w.t.db, DEAL, other, order.number, "123456", T),
      await withdrawPartyChange(w.t.db, DEAL, other, order.number, T),
    ])
      expect(outcome).toMatchObject({ ok: false, refusal: "not-found", message: { key: "consignee.change.notFound" } });
    expect((await partyChangeOf(w.t.db, order.id))?.status).toBe("awaiting_code");
    expect((await withdrawPartyChange(w.t.db, DEAL, buyer(), order.number, T)).ok).toBe(true);
    // No consignee given yet: there is nothing to change; give it instead.
    const { number: notGiven } = await w.accepted();
    expect(await ask(notGiven, T)).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "consignee.change.notGiven" },
    });
    // The bill of lading is made out: too late to ask.
    await billOfLadingMade(order, T);
    expect(await ask(order.number, later(HOUR))).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "consignee.change.billOfLading" },
    });
    // An account no longer there is told its password is wrong, as anyone would be.
    const gone = await requestPartyChange(
      w.t.db,
      DEAL,
      { customerId: 999_999 },
      order.number,
      { password: PASSWORD, parties: parties(SECOND, "Sri Lanka") },
      T,
    );
    expect(gone).toMatchObject({ ok: false, refusal: "invalid", message: { key: "consignee.change.wrongPassword" } });
    // A password of 128 characters is checked like any other.
    const long = "p".repeat(128);
    const made = await createCustomer(w.t.db, {
      email: "long@example.lk",
      fullName: "Long Password",
      country: "Sri Lanka",
      phone: "+94 77 555 0104",
      password: long,
    });
    expect(
      await requestPartyChange(
        w.t.db,
        DEAL,
        { customerId: made!.id },
        "NO-SUCH-ORDER",
        { password: long, parties: parties(SECOND, "Sri Lanka") },
        T,
      ),
    ).toMatchObject({ ok: false, refusal: "not-found", message: { key: "consignee.change.notFound" } });
  });

  it("tells a buyer who is their own consignee once, in full; writes to no consignee without an address", async () => {
    const T2 = new Date(T.getTime() + 2 * 24 * HOUR);
    // The consignee gave no e-mail address, and a notify party of its own is named.
    const given = {
      ...FIRST,
      consigneeEmail: "",
      notifySame: "",
      notifyName: "Colombo Freight Ltd",
      notifyAddress: "3 Dock Road, Colombo 1, Sri Lanka",
      notifyPhone: "077 555 0200",
    };
    const order = await orderWithConsignee(given);
    expect(await ask(order.number, T2, given)).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: { key: "consignee.change.nothingChanged" },
    });
    const own = {
      ...given,
      consigneeName: "Amal Perera",
      consigneeAddress: "8 Temple Road, Kandy, Sri Lanka",
      consigneeEmail: "AMAL@Example.LK",
    };
    expect(await ask(order.number, T2, own)).toMatchObject({ ok: true });
    await confirmPartyChange(w.t.db, DEAL, buyer(), order.number, await mailedCode(order.number), T2);
    const due = formatDate(new Date(T2.getTime() + 24 * HOUR).toISOString(), "en", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Asia/Tokyo",
      timeZoneName: "short",
    });
    const told = await w.t.db
      .selectFrom("mail_outbox")
      .select(["to_address", "text_body"])
      .where("subject", "=", `Order ${order.number}: change of consignee asked for, takes effect ${due}`)
      .execute();
    expect(told.map((m) => m.to_address)).toEqual(["amal@example.lk"]);
    expect(told[0]!.text_body).toContain("123456789V");
    // The timeline names the notify party before and after.
    const step = await w.t.db
      .selectFrom("order_events")
      .select("data")
      .where("order_id", "=", order.id)
      .where("kind", "=", "partiesChange")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(step.data)).toMatchObject({
      from: { consignee: "Lanka Clearing Agents (Pvt) Ltd", notify: "Colombo Freight Ltd" },
      to: { consignee: "Amal Perera", notify: "Colombo Freight Ltd" },
    });
    // The day over, the clock applies it and counts it.
    expect(await runPartyChangeClock(w.t.db, DEAL, new Date(T2.getTime() + 24 * HOUR))).toBe(1);
    expect((await partiesOf(w.t.db, order.id)).consignee?.name).toBe("Amal Perera");
  });
});
