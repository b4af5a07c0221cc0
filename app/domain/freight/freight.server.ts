import { parseYen } from "~/domain/inventory/price";
import { z } from "zod";
import { type DB, nowIso } from "~/db/db.server";
import type { FreightPortTable } from "~/db/schema";
import type { Selectable } from "kysely";
import { logActivity } from "~/domain/activity/activity.server";
import { refusingDuplicates } from "~/db/unique-refusal.server";
import { type Deletion, deleteLogged } from "~/domain/activity/delete-logged.server";
import type { Problem } from "~/i18n/problem";
import { patternIssue, staffField, staffRequiredText, staffText, textIssue } from "~/domain/staff/staff-problems";
import { type Destination, type PortChoice, portLabel } from "./freight";
import { SIZE_CLASSES, type SizeClass } from "~/domain/inventory/size-class";

/*
 * The owner's freight table: one row per destination port, with freight per
 * vehicle size class in whole yen and an insurance rate. Refusals are keys of
 * the `admin` catalogue.
 */

export const FREIGHT_MAX_YEN = 10_000_000;
/** 10 % in basis points: no marine insurance costs more. */
export const INSURANCE_MAX_BP = 1000;
export const PORT_EXISTS = staffText("portExists");
export const PORT_NOT_FOUND = staffText("portNotFound");

const FIELD: Record<SizeClass, string> = { small: "freightSmall", medium: "freightMedium", large: "freightLarge" };

/** Empty means "ask for a quote"; otherwise whole yen as the shop reads every typed price ("¥300,000"). */
const freight = (field: string) =>
  z
    .string()
    .default("")
    .transform((s) => s.trim())
    .refine((s) => s === "" || parseYen(s) !== null, patternIssue("wholeNumber", { field: staffField(field) }))
    .transform((s) => (s === "" ? null : parseYen(s)!))
    .refine(
      (n) => n === null || n <= FREIGHT_MAX_YEN,
      patternIssue("maxNumber", { field: staffField(field), max: FREIGHT_MAX_YEN.toLocaleString("en-US") }),
    );

const INSURANCE_FORMAT = textIssue("insuranceFormat");

export const FreightPortSchema = z.object({
  country: staffRequiredText("country", 60),
  port: staffRequiredText("port", 60),
  small: freight(FIELD.small),
  medium: freight(FIELD.medium),
  large: freight(FIELD.large),
  // Empty (or 0): no inspection required.
  inspection: freight("inspection").transform((yen) => (yen === 0 ? null : yen)),
  // A per cent with at most two decimals, kept as basis points so no float is stored.
  insurance: z
    .string()
    .default("")
    .transform((s) => s.trim().replace(/%$/, "").trim())
    .refine((s) => s === "" || /^\d{1,2}(\.\d{1,2})?$/.test(s), INSURANCE_FORMAT)
    .transform((s) => {
      if (s === "") return 0;
      const [whole, fraction = ""] = s.split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    })
    .refine((bp) => bp <= INSURANCE_MAX_BP, INSURANCE_FORMAT),
});
/** A port as saved; without an inspection fee, none is required. */
export type FreightPortInput = Omit<z.infer<typeof FreightPortSchema>, "inspection"> & { inspection?: number | null };

export type FreightPort = Destination & { updatedAt: string };

function toPort(r: Selectable<FreightPortTable>): FreightPort {
  return {
    id: r.id,
    country: r.country,
    port: r.port,
    freight: {
      small: r.freight_small === null ? null : Number(r.freight_small),
      medium: r.freight_medium === null ? null : Number(r.freight_medium),
      large: r.freight_large === null ? null : Number(r.freight_large),
    },
    insuranceBp: Number(r.insurance_bp),
    inspectionYen: r.inspection === null ? null : Number(r.inspection),
    updatedAt: r.updated_at,
  };
}

/** Every port, by country then port name. */
export async function listFreightPorts(db: DB): Promise<FreightPort[]> {
  const rows = await db.selectFrom("freight_ports").selectAll().orderBy("country").orderBy("port").execute();
  return rows.map(toPort);
}

/** The ports a buyer can choose from, for the picker. */
export function portChoicesOf(ports: readonly FreightPort[]): PortChoice[] {
  return ports.map(({ id, country, port }) => ({ id, country, port }));
}

export async function getFreightPort(db: DB, id: number): Promise<FreightPort | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db.selectFrom("freight_ports").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPort(row) : null;
}

/** The chosen port from its cookie value, among the table's ports; null when unset or no longer in the table. */
export function destinationAmong(ports: readonly FreightPort[], value: string | null): Destination | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const port = ports.find((p) => p.id === Number(value));
  if (!port) return null;
  const { updatedAt: _, ...destination } = port;
  return destination;
}

type Staff = { id: number; adminId: string };

async function sameName(db: DB, input: FreightPortInput, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom("freight_ports")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["country"]), "=", input.country.toLowerCase()))
    .where((eb) => eb(eb.fn("lower", ["port"]), "=", input.port.toLowerCase()));
  if (exceptId !== undefined) q = q.where("id", "<>", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

function columns(input: FreightPortInput) {
  return {
    country: input.country,
    port: input.port,
    freight_small: input.small,
    freight_medium: input.medium,
    freight_large: input.large,
    insurance_bp: input.insurance,
    inspection: input.inspection ?? null,
  };
}

export type SaveResult = { ok: true; id: number } | { ok: false; error: Problem };

/** Two saves of the same port at once: the unique index refuses the second, which says so like the check does. */
const DUPLICATE_PORT: SaveResult = { ok: false, error: PORT_EXISTS };

export async function addFreightPort(db: DB, staff: Staff, input: FreightPortInput): Promise<SaveResult> {
  return refusingDuplicates(() => addPort(db, staff, input), DUPLICATE_PORT);
}

export async function updateFreightPort(
  db: DB,
  staff: Staff,
  id: number,
  input: FreightPortInput,
): Promise<SaveResult> {
  return refusingDuplicates(() => updatePort(db, staff, id, input), DUPLICATE_PORT);
}

async function addPort(db: DB, staff: Staff, input: FreightPortInput): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    if (await sameName(trx, input)) return { ok: false, error: PORT_EXISTS };
    const at = nowIso();
    const row = await trx
      .insertInto("freight_ports")
      .values({ ...columns(input), created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "freight.added",
      subject: { kind: "freight_port", id: String(row.id) },
      summary: `Freight to ${portLabel(input)} added`,
      at,
    });
    return { ok: true, id: row.id };
  });
}

async function updatePort(db: DB, staff: Staff, id: number, input: FreightPortInput): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await getFreightPort(trx, id))) return { ok: false, error: PORT_NOT_FOUND };
    if (await sameName(trx, input, id)) return { ok: false, error: PORT_EXISTS };
    const at = nowIso();
    await trx
      .updateTable("freight_ports")
      .set({ ...columns(input), updated_at: at })
      .where("id", "=", id)
      .execute();
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "freight.updated",
      subject: { kind: "freight_port", id: String(id) },
      summary: `Freight to ${portLabel(input)} updated`,
      at,
    });
    return { ok: true, id };
  });
}

const PORT_DELETED: Deletion = { table: "freight_ports", action: "freight.deleted", subject: "freight_port" };

export function deleteFreightPort(db: DB, staff: Staff, id: number): Promise<boolean> {
  const find = (trx: DB) => getFreightPort(trx, id);
  return deleteLogged(db, staff.adminId, PORT_DELETED, id, find, (port) => `Freight to ${portLabel(port)} deleted`);
}

export { SIZE_CLASSES };
