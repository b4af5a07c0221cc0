import { z } from "zod";
import { parseYen } from "~/domain/inventory/price";
import { frameText } from "~/domain/inventory/inventory.schema";
import {
  maxLengthIssue,
  patternIssue,
  requiredIssue,
  staffChoice,
  staffField,
  staffPastDay,
  staffText,
} from "~/domain/staff/staff-problems";
import { COST_FIELDS, type Costs, ID_CHECKS, type PurchaseFields, SELLER_KINDS } from "./purchase";

/*
 * The owner's purchase record and costs of a vehicle (issue 46.1, 46.2,
 * 46.7), checked before anything is kept: who sold it, with the identity
 * check the law asks for a person; the vehicle's facts, its chassis number
 * the one the vehicle carries; every amount whole yen. Refusals are keys of
 * the `admin` catalogue. Browser-safe.
 */

/** What the owner is told after a save (here, where the page can read it). */
export const PURCHASE_SAVED = staffText("purchaseSaved");

/** The most any one amount may be: no car the shop buys costs a billion yen. */
export const AMOUNT_MAX = 1_000_000_000;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (field: string, max: number) =>
  z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim().max(max, maxLengthIssue(field, max)));

/** Whole yen as typed ("¥1,250,000"); blank is `empty` (0 for a cost), anything else is refused. */
const yen = (field: string, required: boolean) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z
      .string()
      .superRefine((v, ctx) => {
        if (v === "") {
          if (required) ctx.addIssue({ code: "custom", message: requiredIssue(field) });
          return;
        }
        const amount = parseYen(v);
        if (amount === null)
          ctx.addIssue({ code: "custom", message: patternIssue("wholeYen", { field: staffField(field) }) });
        else if (amount > AMOUNT_MAX)
          ctx.addIssue({
            code: "custom",
            message: patternIssue("maxNumber", { field: staffField(field), max: "1,000,000,000" }),
          });
      })
      .transform((v) => parseYen(v) ?? 0),
  );

/** Capitals, digits and dashes only: "nze161 3012345" and "NZE161-3012345" are one number. */
const sameChassis = (a: string, b: string) =>
  a.replace(/[^A-Z0-9]/gi, "").toUpperCase() === b.replace(/[^A-Z0-9]/gi, "").toUpperCase();

/**
 * The purchase form, checked; `today` is the shop's day, `vehicle` what the
 * shop holds of the car (its chassis number, when it has one, must be the one
 * typed).
 */
export function purchaseSchema(today: string, vehicle: { chassisNumber: string | null }) {
  const thisYear = Number(today.slice(0, 4));
  return z
    .object({
      boughtOn: staffPastDay("boughtOn", today),
      price: yen("purchasePrice", true),
      sellerKind: z.enum(SELLER_KINDS, {
        error: patternIssue("chooseFromList", { choice: staffChoice("sellerKind") }),
      }),
      auctionHouse: text("auctionHouse", 80),
      lotNumber: text("lotNumber", 20),
      sellerName: text("sellerName", 120),
      sellerAddress: text("sellerAddress", 300),
      sellerOccupation: text("sellerOccupation", 80),
      sellerAge: z.preprocess(
        blank,
        z.coerce
          .number({ error: patternIssue("wholeNumber", { field: staffField("sellerAge") }) })
          .int(patternIssue("wholeNumber", { field: staffField("sellerAge") }))
          .min(18, patternIssue("sellerAge", {}))
          .max(120, patternIssue("sellerAge", {}))
          .optional(),
      ),
      idCheck: z.preprocess(
        blank,
        z.enum(ID_CHECKS, { error: patternIssue("chooseFromList", { choice: staffChoice("idCheck") }) }).optional(),
      ),
      idCheckNote: text("idCheckNote", 200),
      chassisNumber: frameText("chassisNumber", 30),
      year: z.preprocess(
        blank,
        z.coerce
          .number({ error: requiredIssue("year") })
          .int(patternIssue("wholeNumber", { field: staffField("year") }))
          .min(1950, patternIssue("yearRange", { first: "1950", last: String(thisYear + 1) }))
          .max(thisYear + 1, patternIssue("yearRange", { first: "1950", last: String(thisYear + 1) })),
      ),
      colour: text("colour", 40),
      plate: text("plate", 40),
      ...Object.fromEntries(COST_FIELDS.map((field) => [field, yen(`cost_${field}`, false)])),
    })
    .superRefine((v, ctx) => {
      const need = (path: string, field = path) => {
        if (String((v as Record<string, unknown>)[path] ?? "") === "")
          ctx.addIssue({ code: "custom", path: [path], message: requiredIssue(field) });
      };
      if (v.sellerKind === "auction") {
        need("auctionHouse");
        need("lotNumber");
      } else {
        need("sellerName");
        need("sellerAddress");
      }
      if (v.sellerKind === "person") {
        // The law asks for a person's occupation and age, and an identity check before buying.
        need("sellerOccupation");
        if (v.sellerAge === undefined)
          ctx.addIssue({ code: "custom", path: ["sellerAge"], message: requiredIssue("sellerAge") });
        if (v.idCheck === undefined)
          ctx.addIssue({ code: "custom", path: ["idCheck"], message: patternIssue("idCheckNeeded", {}) });
        if (v.idCheck === "other" && v.idCheckNote === "")
          ctx.addIssue({ code: "custom", path: ["idCheckNote"], message: requiredIssue("idCheckNote") });
      }
      if (!v.chassisNumber)
        ctx.addIssue({ code: "custom", path: ["chassisNumber"], message: requiredIssue("chassisNumber") });
      else if (vehicle.chassisNumber && !sameChassis(v.chassisNumber, vehicle.chassisNumber))
        ctx.addIssue({
          code: "custom",
          path: ["chassisNumber"],
          message: patternIssue("chassisNotVehicle", { chassis: vehicle.chassisNumber }),
        });
    })
    .transform((v): PurchaseFields => {
      const record = v as typeof v & Record<string, number>;
      const person = v.sellerKind === "person";
      return {
        boughtOn: v.boughtOn,
        price: v.price,
        sellerKind: v.sellerKind,
        auctionHouse: v.sellerKind === "auction" ? v.auctionHouse : "",
        lotNumber: v.sellerKind === "auction" ? v.lotNumber : "",
        sellerName: v.sellerKind === "auction" ? "" : v.sellerName,
        sellerAddress: v.sellerKind === "auction" ? "" : v.sellerAddress,
        sellerOccupation: person ? v.sellerOccupation : "",
        sellerAge: person ? (v.sellerAge ?? null) : null,
        idCheck: person ? (v.idCheck ?? null) : null,
        idCheckNote: person ? v.idCheckNote : "",
        chassisNumber: v.chassisNumber ?? "",
        year: v.year,
        colour: v.colour,
        plate: v.plate,
        costs: Object.fromEntries(COST_FIELDS.map((field) => [field, record[field] ?? 0])) as Costs,
      };
    });
}
