import { describe, expect, it } from "vitest";
import { buyerPages } from "../../../tests/support/buyer-pages";
import { dealWorldForFile } from "../../../tests/support/deal-world";
import { action, loader } from "./consignee";
import { loader as orderLoader } from "./order";

/*
 * The buyer's consignee page (issue 42.1) through its loader and action, as
 * the signed-in buyer and as another: a form with mistakes comes back with
 * each field's problem and what was typed, nothing saved; a good one is saved
 * once and the order page shows it.
 */

const w = dealWorldForFile();
const { context, cookieOf } = buyerPages(w, "consignee-page");

function post(number: string, cookie: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  const request = new Request(`https://shop.example/orders/${number}/consignee`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return action({ request, context: context(), params: { number } } as never);
}

const GOOD = {
  consigneeName: "Lanka Clearing Agents (Pvt) Ltd",
  consigneeAddress: "45 Front Street, Colombo 11",
  consigneePhone: "+94 77 555 0199",
  consigneeTaxId: "199012345678",
  notifySame: "on",
};

const statusOf = (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status;

describe("the consignee page", () => {
  it("keeps what was typed beside each field's problem, saves nothing, then saves a good form once", async () => {
    const { number } = await w.accepted();
    const cookie = await cookieOf(0);
    const page = await loader({
      request: new Request(`https://shop.example/orders/${number}/consignee`, { headers: { Cookie: cookie } }),
      context: context(),
      params: { number },
    } as never);
    // Sri Lanka's customs take the NIC or the TIN: the field's hint names them.
    expect(page.page.taxIds.map((k) => k.name)).toEqual(["NIC", "TIN"]);
    expect(page.page.lock).toBeNull();

    const bad = (await post(number, cookie, { ...GOOD, consigneeAddress: "", consigneeTaxId: "ABC" })) as {
      data: { errors: Record<string, { key: string }>; values: Record<string, string> };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["consigneeAddress", "consigneeTaxId"]);
    expect(bad.data.values).toMatchObject({ consigneeName: GOOD.consigneeName, consigneeTaxId: "ABC" });
    const order = await w.t.db.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirstOrThrow();
    expect(await w.t.db.selectFrom("order_parties").select("id").where("order_id", "=", order.id).execute()).toEqual(
      [],
    );

    const saved = (await post(number, cookie, GOOD)) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/orders/${number}?consignee=given`);

    // The order page says it is saved, shows it, and offers no second form.
    const shown = await orderLoader({
      request: new Request(`https://shop.example/orders/${number}?consignee=given`, { headers: { Cookie: cookie } }),
      context: context(),
      params: { number },
    } as never);
    expect(shown.notice).toBe("consignee");
    expect(shown.parties).toMatchObject({ given: { consignee: { taxId: "NIC 199012345678" } }, open: false });

    const again = (await post(number, cookie, { ...GOOD, consigneeName: "Someone Else" })) as {
      data: { message: { key: string } };
      init: { status: number };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.message.key).toBe("consignee.alreadyGiven");
  });

  it("is another buyer's 404, and sends a visitor who is not signed in to sign in", async () => {
    const { number } = await w.accepted();
    const stranger = await post(number, await cookieOf(1), GOOD).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(statusOf(stranger)).toBe(404);
    const nobody = await post(number, "", GOOD).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(nobody?.status).toBe(302);
    // A form sent after the session ended comes back marked, so the page fills it again with what the tab kept.
    expect(nobody?.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/orders/${number}/consignee?resume=1`)}`,
    );
    // The page merely opened is not marked: nothing is filled in on an ordinary visit.
    const opened = await loader({
      request: new Request(`https://shop.example/orders/${number}/consignee`),
      context: context(),
      params: { number },
    } as never).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(opened?.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/orders/${number}/consignee`)}`,
    );
  });
});
