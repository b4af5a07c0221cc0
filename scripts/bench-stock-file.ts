import { createRng, pick } from "~/db/seed/factories";
import { VEHICLE_MODELS } from "~/domain/inventory/catalogue";
import sharp from "sharp";
import { toCsv } from "~/utils/csv";
import { makeZip } from "../tests/support/zip";

/** A stock file of `rows` vehicles as the owner's spreadsheet has them, prices moved by `priceShift` (bench:import, bench:memory). */
export function vehicleFile(rows: number, priceShift: number, prefix = "B"): Buffer {
  const rng = createRng(23);
  const makes = Object.keys(VEHICLE_MODELS);
  const body = Array.from({ length: rows }, (_, i) => {
    const make = pick(rng, makes);
    const year = 2005 + Math.floor(rng() * 20);
    return [
      `${prefix}-${String(i).padStart(6, "0")}`,
      make,
      pick(rng, VEHICLE_MODELS[make]!),
      String(year),
      String(300_000 + Math.floor(rng() * 3_000_000) + priceShift),
      String(Math.floor(rng() * 200_000)),
      rng() < 0.7 ? "Right" : "Left",
      `${year}-0${1 + Math.floor(rng() * 9)}`,
      `BNC${String(i).padStart(7, "0")}${prefix}`.replace(/[^A-Z0-9]/g, ""),
      "A clean car with its papers, ready to ship from Yokohama.",
    ];
  });
  return Buffer.from(
    toCsv(
      [
        "ref_id",
        "make",
        "model",
        "year",
        "price",
        "mileage",
        "steering",
        "manufactured",
        "chassis_number",
        "description",
      ],
      body,
    ),
    "utf8",
  );
}

/** The photos of vehicleFile(vehicles, _, prefix)'s rows in a ZIP: 12 each, 1600 × 1200 JPEG (bench:import, bench:memory). */
export async function photoZip(vehicles: number, prefix: string): Promise<Buffer> {
  const photos = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: i * 20, g: 90, b: 140 } } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
  return makeZip(
    Array.from({ length: vehicles }, (_, v) =>
      photos.map((data, i) => ({ path: `${prefix}-${String(v).padStart(6, "0")}_${i + 1}.jpg`, data, store: true })),
    ).flat(),
  );
}
