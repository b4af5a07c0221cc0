import { describe, expect, it } from "vitest";
import { paymentCheckOf, type OrderView } from "./order-view";

/*
 * What the buyer's order page says after a transfer receipt is sent: the
 * shop is checking it and answers within one working day (Japan time), until
 * a payment is recorded; never while nothing is awaited.
 */

type Order = Pick<OrderView, "status" | "documents" | "steps">;

const receipt = (uploadedAt: string, by: "buyer" | "staff" = "buyer"): OrderView["documents"][number] => ({
  id: 1,
  kind: by === "buyer" ? "receipt" : "other",
  title: "",
  contentType: "image/jpeg",
  size: 1000,
  by,
  uploadedAt,
  path: "/orders/2026-00001/documents/1",
});
const payment = (at: string): OrderView["steps"][number] => ({ id: 2, kind: "payment", at, by: "staff", data: {} });
const order = (more: Partial<Order> = {}): Order => ({ status: "awaiting_payment", documents: [], steps: [], ...more });

/** 17:00 in Tokyo on Friday 4 December 2026. */
const FRIDAY_EVENING = "2026-12-04T08:00:00.000Z";
/** 10:00 in Tokyo on Wednesday 2 December 2026. */
const WEDNESDAY = "2026-12-02T01:00:00.000Z";

describe("the receipt the shop is checking", () => {
  it("is answered by the next working day in Tokyo: Friday's by Monday, Wednesday's by Thursday", () => {
    expect(paymentCheckOf(order({ documents: [receipt(FRIDAY_EVENING)] }))).toEqual({
      receiptAt: FRIDAY_EVENING,
      answerBy: "2026-12-07",
    });
    expect(paymentCheckOf(order({ documents: [receipt(WEDNESDAY)] }))?.answerBy).toBe("2026-12-03");
    // Late on Saturday in Tokyo (still Saturday): Monday.
    expect(paymentCheckOf(order({ documents: [receipt("2026-12-05T14:00:00.000Z")] }))?.answerBy).toBe("2026-12-07");
  });

  it("ends with a payment recorded after the receipt; a newer receipt starts it again", () => {
    const paid = [payment("2026-12-03T02:00:00.000Z")];
    expect(paymentCheckOf(order({ documents: [receipt(WEDNESDAY)], steps: paid }))).toBeNull();
    const again = receipt("2026-12-03T05:00:00.000Z");
    expect(
      paymentCheckOf(order({ status: "partly_paid", documents: [receipt(WEDNESDAY), again], steps: paid })),
    ).toEqual({
      receiptAt: again.uploadedAt,
      answerBy: "2026-12-04",
    });
    // A payment recorded before the receipt does not answer it.
    expect(
      paymentCheckOf(order({ documents: [receipt(WEDNESDAY)], steps: [payment("2026-12-01T00:00:00.000Z")] })),
    ).not.toBeNull();
  });

  it("is nothing without a buyer's receipt, or once no money is awaited", () => {
    expect(paymentCheckOf(order())).toBeNull();
    expect(paymentCheckOf(order({ documents: [receipt(WEDNESDAY, "staff")] }))).toBeNull();
    for (const status of ["paid", "shipped", "cancelled"] as const)
      expect(paymentCheckOf(order({ status, documents: [receipt(WEDNESDAY)] })), status).toBeNull();
  });
});
