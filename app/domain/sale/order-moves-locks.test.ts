import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { cancelUnpaidOrders, lockOrder } from "./order-moves.server";
import { takeParts } from "./stock-moves.server";

/*
 * What the sale locks on PostgreSQL, where two instances of the shop change
 * one deal at the same moment (SQLite writes one transaction at a time): an
 * order's quote before the order, so a payment and the owner closing the deal
 * wait for each other and never lock in opposite orders; the unpaid orders a
 * hold's end cancels; the part whose units an order takes. The statements are
 * read as PostgreSQL receives them, from a connection that answers as the
 * database would; the db tests run the same moves at once on a real one.
 */

type Sent = { sql: string; parameters: readonly unknown[] };

/** A PostgreSQL connection that records each statement and answers it with `answer`. */
function recordingPostgres(answer: (sql: string) => unknown[] = () => []) {
  const sent: Sent[] = [];
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: { sql: string; parameters: readonly unknown[] }) => {
      sent.push({ sql: query.sql, parameters: query.parameters });
      return Promise.resolve({ rows: answer(query.sql), numAffectedRows: 1n } as QueryResult<R>);
    },
    // eslint-disable-next-line require-yield -- the sale streams nothing
    async *streamQuery() {
      throw new Error("not streamed");
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: () => Promise.resolve(connection),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

const ORDER_READ = 'select * from "orders" where "number" = $1 for update';

describe("an order changed on PostgreSQL", () => {
  it("has its deal locked first, then itself, until the change ends", async () => {
    const { db, sent } = recordingPostgres((q) =>
      q.startsWith('select "quote_id"') ? [{ quote_id: 7 }] : q === ORDER_READ ? [{ id: 3, number: "2026-00042" }] : [],
    );
    expect(await lockOrder(db, "2026-00042")).toEqual({ id: 3, number: "2026-00042" });
    expect(sent).toEqual([
      { sql: 'select "quote_id" from "orders" where "number" = $1', parameters: ["2026-00042"] },
      { sql: 'select "id" from "quotes" where "id" = $1 for update', parameters: [7] },
      { sql: ORDER_READ, parameters: ["2026-00042"] },
    ]);
  });

  it("of no deal (its quote deleted), or not found, locks the order alone and finds none", async () => {
    const { db, sent } = recordingPostgres((q) => (q.startsWith('select "quote_id"') ? [{ quote_id: null }] : []));
    expect(await lockOrder(db, "2026-00042")).toBeNull();
    expect(sent.map((s) => s.sql)).toEqual(['select "quote_id" from "orders" where "number" = $1', ORDER_READ]);
    const none = recordingPostgres();
    expect(await lockOrder(none.db, "2026-00043")).toBeNull();
    expect(none.sent.map((s) => s.sql)).toEqual(['select "quote_id" from "orders" where "number" = $1', ORDER_READ]);
  });

  it("is looked up only by an invoice's number, whole", async () => {
    const { db, sent } = recordingPostgres();
    for (const number of ["2026-42", "2026-00042x", "x2026-00042", "26-00042", "2026-0004a", ""])
      expect(await lockOrder(db, number), number).toBeNull();
    expect(sent).toEqual([]);
  });

  it("whose hold ended unpaid: its open orders are locked as they are read for cancelling", async () => {
    const { db, sent } = recordingPostgres();
    await cancelUnpaidOrders(db, 7, "The reservation ended before payment.", { kind: "system", id: null }, "now");
    expect(sent).toEqual([
      {
        sql: 'select * from "orders" where "quote_id" = $1 and "status" = $2 for update',
        parameters: [7, "awaiting_payment"],
      },
    ]);
  });
});

describe("a part order's units taken on PostgreSQL", () => {
  it("are taken from the part locked, so two orders paid at once each take from what the other left", async () => {
    const { db, sent } = recordingPostgres((q) => (q.startsWith('select "quantity"') ? [{ quantity: 3 }] : []));
    const order = { id: 9, number: "2026-00042", kind: "part", vehicle_id: null, part_id: 5, quote_id: null } as const;
    const at = "2026-12-02T00:00:00.000Z";
    const taken = await takeParts(
      db,
      { ...order, item_name: "Mirror", ref_id: "P-5" },
      { kind: "system", id: null },
      at,
    );
    expect(taken).toEqual({ ok: true, taken: 1 });
    expect(sent.find((s) => s.sql.startsWith('select "quantity"'))).toEqual({
      sql: 'select "quantity" from "parts" where "id" = $1 for update',
      parameters: [5],
    });
  });
});
