import { inEnglish } from "../../../tests/support/english";
import { describe, expect, it } from "vitest";
import { multipartOf, STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { monthNumber, monthOfDate, monthText } from "./months";
import { getPublicVehicle, getVehicle } from "./inventory.server";
import { editStock as editStockOf } from "~/domain/stock-io/stock-edit.server";
import { uploadVehicle as uploadVehicleOf } from "~/domain/stock-io/stock-upload.server";

/*
 * A vehicle's export papers (issue 22): months of manufacture and first
 * registration, chassis number, model code and auction grade, saved from
 * Upload Vehicle and Edit Vehicle, refused with a message when they make no
 * sense, one vehicle per chassis number, and the number partly hidden for
 * public pages.
 */

const uploadVehicle = async (...args: Parameters<typeof uploadVehicleOf>) => inEnglish(await uploadVehicleOf(...args));
const editStock = async (...args: Parameters<typeof editStockOf>) => inEnglish(await editStockOf(...args));

const s = stockFilesForFile("export-papers");
const staff = STOCK_STAFF;
const form = (fields: Record<string, string>) => multipartOf(fields);

const car = { make: "Toyota", model: "Corolla", year: "2019", price: "980,000", steering: "Right" };
const errorsOf = (outcome: unknown) => (outcome as { errors: Record<string, string> }).errors;

describe("a vehicle's export papers", () => {
  it("are saved from the upload form as typed in any usual way, and read back; the public reader hides the serial", async () => {
    const outcome = await uploadVehicle(
      s.db,
      s.media,
      form({
        ...car,
        refId: "EXP-1",
        manufactured: "2018/12",
        registered: "03/2019",
        chassisNumber: "nze161-3012345",
        modelCode: "dba-nze161",
        auctionGrade: "4.5",
      }),
      staff,
    );
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const id = (outcome as { id: number }).id;
    const v = (await getVehicle(s.db, id))!;
    expect([monthText(v.manufactured!), monthText(v.registered!)]).toEqual(["2018-12", "2019-03"]);
    expect(v.manufactured).toBe(monthNumber(2018, 12));
    expect([v.chassisNumber, v.modelCode, v.auctionGrade]).toEqual(["NZE161-3012345", "DBA-NZE161", "4.5"]);
    expect((await getPublicVehicle(s.db, id))!.chassisNumber).toBe("NZE161-30*****");
  });

  it("refuse a month that is not one, in the future, or a registration before manufacture, and save nothing", async () => {
    const next = monthOfDate(new Date()) + 1;
    const cases: [Record<string, string>, string, string][] = [
      [
        { manufactured: "2019-13" },
        "manufactured",
        "Month of manufacture: enter the month as YYYY-MM or as May 2019, e.g. 2019-03.",
      ],
      [
        { manufactured: "Marchish 2019" },
        "manufactured",
        "Month of manufacture: enter the month as YYYY-MM or as May 2019, e.g. 2019-03.",
      ],
      [
        { registered: "1850-01" },
        "registered",
        "Month of first registration: enter the month as YYYY-MM or as May 2019, e.g. 2019-03.",
      ],
      [{ manufactured: monthText(next) }, "manufactured", "Month of manufacture cannot be in the future."],
      [
        { manufactured: "2019-05", registered: "2019-04" },
        "registered",
        "First registration cannot be before manufacture.",
      ],
      [
        { chassisNumber: "NZE161--30" },
        "chassisNumber",
        "Chassis number may hold only letters, digits and single dashes.",
      ],
      [
        { chassisNumber: "<script>" },
        "chassisNumber",
        "Chassis number may hold only letters, digits and single dashes.",
      ],
      [{ auctionGrade: "7" }, "auctionGrade", "Choose a valid auction grade from the list"],
    ];
    for (const [fields, field, message] of cases) {
      const refId = `EXP-BAD-${Object.values(fields).join("").replace(/\W/g, "")}`;
      const outcome = await uploadVehicle(s.db, s.media, form({ ...car, refId, ...fields }), staff);
      expect(outcome, JSON.stringify(fields)).toMatchObject({ ok: false, refusal: "invalid" });
      expect(errorsOf(outcome)[field], JSON.stringify(fields)).toBe(message);
      expect(await s.db.selectFrom("vehicles").select("id").where("ref_id", "=", refId).execute()).toEqual([]);
    }
  });

  it("list each chassis number once: a second upload or an edit onto it is told which listing has it", async () => {
    const first = await uploadVehicle(
      s.db,
      s.media,
      form({ ...car, refId: "EXP-CH-1", chassisNumber: "ZVW30-1111111" }),
      staff,
    );
    expect(first).toMatchObject({ ok: true });
    const again = await uploadVehicle(
      s.db,
      s.media,
      form({ ...car, refId: "EXP-CH-2", chassisNumber: "zvw30-1111111" }),
      staff,
    );
    expect(again).toMatchObject({ ok: false, refusal: "invalid" });
    expect(errorsOf(again).chassisNumber).toBe("This chassis number is already listed on EXP-CH-1.");
    expect(await s.db.selectFrom("vehicles").select("id").where("ref_id", "=", "EXP-CH-2").execute()).toEqual([]);

    // Two uploads of one number at the same moment: one is listed, the other told which listing has it.
    const both = await Promise.all(
      ["EXP-RACE-1", "EXP-RACE-2"].map((refId) =>
        uploadVehicle(s.db, s.media, form({ ...car, refId, chassisNumber: "GP5-9999999" }), staff),
      ),
    );
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    const lost = both.find((o) => !o.ok)!;
    expect(lost).toMatchObject({ ok: false, refusal: "invalid" });
    expect(errorsOf(lost).chassisNumber).toMatch(/^This chassis number is already listed on EXP-RACE-[12]\.$/);

    const other = await uploadVehicle(
      s.db,
      s.media,
      form({ ...car, refId: "EXP-CH-3", chassisNumber: "ZVW30-2222222" }),
      staff,
    );
    const otherId = (other as { id: number }).id;
    const edit = await editStock(
      s.db,
      s.media,
      "vehicles",
      otherId,
      form({ ...car, refId: "EXP-CH-3", chassisNumber: "ZVW30-1111111" }),
      staff,
    );
    expect(edit).toMatchObject({ ok: false, refusal: "invalid" });
    expect(errorsOf(edit).chassisNumber).toBe("This chassis number is already listed on EXP-CH-1.");
    expect((await getVehicle(s.db, otherId))!.chassisNumber).toBe("ZVW30-2222222");
    // Saving a vehicle with its own number is no clash; clearing it is allowed.
    expect(
      await editStock(
        s.db,
        s.media,
        "vehicles",
        otherId,
        form({ ...car, refId: "EXP-CH-3", chassisNumber: "ZVW30-2222222" }),
        staff,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await editStock(s.db, s.media, "vehicles", otherId, form({ ...car, refId: "EXP-CH-3" }), staff),
    ).toMatchObject({
      ok: true,
    });
    expect((await getVehicle(s.db, otherId))!.chassisNumber).toBeNull();
  });
});
