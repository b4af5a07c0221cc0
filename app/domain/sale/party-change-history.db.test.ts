import { describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile } from "../../../tests/support/deal-world";
import { giveParties, type PartiesInput, readPartiesForm } from "./order-parties.server";
import { closedPartyChanges } from "./party-change-history.server";
import { confirmPartyChange, decidePartyChange, requestPartyChange, withdrawPartyChange } from "./party-changes.server";

/*
 * The owner's record of closed changes of the consignee (issue 42.2): each
 * with what stood before and what was asked in full, who ended it, and
 * whether the buyer's code ever confirmed it. An attempt from a hijacked
 * mailbox stays readable after it ends.
 */

const w = dealWorldForFile();
const PASSWORD = "correct horse battery";
const STAFF = { kind: "staff" as const, id: "1" };
const MINUTE = 60_000;

const FIRST = {
  consigneeName: "Lanka Clearing Agents (Pvt) Ltd",
  consigneeAddress: "45 Front Street, Colombo 11, Sri Lanka",
  consigneePhone: "077 555 0199",
  consigneeTaxId: "123456789V",
  notifySame: "on",
};
const HIJACKER = {
  ...FIRST,
  consigneeName: "Quick Cargo Holdings",
  consigneeAddress: "9 Harbour View, Mombasa, Kenya",
  consigneePhone: "071 000 0000",
};
const RELATIVE = { ...FIRST, consigneeName: "Nimal Perera", consigneeAddress: "3 Temple Road, Kandy, Sri Lanka" };

function parties(form: Record<string, string>, country: string): PartiesInput {
  const read = readPartiesForm(form, country);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.parties;
}

async function mailedCode(number: string): Promise<string> {
  const mail = await w.t.db
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("subject", "=", `Order ${number}: your code to change the consignee`)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return /page: (\d{6})/.exec(mail.text_body)![1]!;
}

describe("the owner's record of closed changes of the consignee", () => {
  it("keeps each change with the parties before and asked for, who ended it, and whether its code confirmed it", async () => {
    const buyer = { customerId: w.buyerIds[0]! };
    const { number } = await w.accepted();
    const order = await w.t.db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
    const country = order.buyer_country;
    expect((await giveParties(w.t.db, DEAL, buyer, number, parties(FIRST, country))).ok).toBe(true);
    const t0 = new Date();
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

    // Someone in the buyer's mailbox asks for a stranger in Mombasa, then gives up before the code.
    const asked = { password: PASSWORD, parties: parties(HIJACKER, country) };
    expect((await requestPartyChange(w.t.db, DEAL, buyer, number, asked, at(0))).ok).toBe(true);
    // While it is open it is the open change's, not the record's.
    expect(await closedPartyChanges(w.t.db, number)).toEqual([]);
    expect((await withdrawPartyChange(w.t.db, DEAL, buyer, number, at(1))).ok).toBe(true);

    // Then a change confirmed by its code, which the owner refuses after calling the buyer.
    const second = { password: PASSWORD, parties: parties(RELATIVE, country) };
    expect((await requestPartyChange(w.t.db, DEAL, buyer, number, second, at(2))).ok).toBe(true);
    const code = await mailedCode(number);
    expect((await confirmPartyChange(w.t.db, DEAL, buyer, number, code, at(3))).ok).toBe(true);
    expect((await decidePartyChange(w.t.db, DEAL, STAFF, number, "refuse", at(4))).ok).toBe(true);

    const record = await closedPartyChanges(w.t.db, number);
    expect(record).toHaveLength(2);
    const [refused, withdrawn] = record;
    expect(refused).toMatchObject({
      status: "refused",
      requestedAt: at(2).toISOString(),
      closedAt: at(4).toISOString(),
      closedBy: "staff",
      confirmed: true,
      before: { consignee: { name: FIRST.consigneeName, address: FIRST.consigneeAddress }, notify: null },
      asked: { consignee: { name: "Nimal Perera", address: "3 Temple Road, Kandy, Sri Lanka" }, notify: null },
    });
    // The hijacker's attempt in full, though it was never confirmed and nobody was told.
    expect(withdrawn).toMatchObject({
      status: "withdrawn",
      closedAt: at(1).toISOString(),
      closedBy: "customer",
      confirmed: false,
      asked: {
        consignee: {
          name: "Quick Cargo Holdings",
          address: "9 Harbour View, Mombasa, Kenya",
          phone: expect.any(String),
        },
      },
    });
    // Another order's record holds none of them.
    expect(await closedPartyChanges(w.t.db, "2026-99999")).toEqual([]);
  });
});
