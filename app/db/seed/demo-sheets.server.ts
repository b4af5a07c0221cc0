import sharp from "sharp";
import type { DB } from "~/db/db.server";
import type { MarkCode, MarkPlace, SheetFlag } from "~/domain/proof/auction-sheet";
import { SHEET_FLAGS } from "~/domain/proof/auction-sheet";
import { saveAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { savePaperReadings } from "~/domain/proof/paper-readings.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { covers, type Face, faceOrder, glyphsOf } from "~/domain/sale/invoice-fonts.server";
import { shopDay } from "~/i18n/format";
import { between, createRng, pick, type Rng } from "./rng";
import { DEMO_SEED, DEMO_STAFF } from "./seed.server";

/*
 * Auction sheets for the demo stock (issue 45.6): every third vehicle, by
 * id, gets a sheet drawn on the spot (cream paper, the auction house and lot
 * in the header, the damage map of a car seen from above with the marks'
 * codes written at their places, the grades and the inspector's notes in
 * Japanese) and the owner's translation, saved the way the owner saves one.
 * One of them has a repair history (grade R) and another an unknown mileage,
 * so the demo shows the flags a buyer must never miss. The words are drawn
 * as outlines from the shop's own Noto fonts, so the picture reads the same
 * on a machine without Japanese fonts.
 */

const HOUSES = [
  ["USS Tokyo", "USS東京"],
  ["USS Nagoya", "USS名古屋"],
  ["TAA Kinki", "TAA近畿"],
  ["JU Gifu", "JU岐阜"],
  ["CAA Tokyo", "CAA東京"],
  ["HAA Kobe", "HAA神戸"],
] as const;

/** What an inspector writes in the notes, and the owner's translation. */
const REMARKS: [japanese: string, english: string][] = [
  ["禁煙車", "Non-smoker car."],
  ["記録簿あり", "Service records present."],
  ["取説あり", "Owner's manual present."],
  ["スペアキーあり", "Spare key present."],
  ["ナビ・バックカメラ", "Navigation and reversing camera."],
  ["ETC付き", "ETC unit fitted."],
  ["内装小汚れ", "Small stains inside."],
  ["タイヤ良好", "Tyres in good condition."],
];

const PANELS: MarkPlace[] = [
  "front_bumper",
  "bonnet",
  "front_left_fender",
  "front_right_fender",
  "front_left_door",
  "front_right_door",
  "rear_left_door",
  "rear_right_door",
  "rear_left_quarter",
  "rear_right_quarter",
  "boot",
  "rear_bumper",
  "roof",
];
const PANEL_CODES: MarkCode[] = ["A1", "A1", "A2", "U1", "U1", "U2", "B1", "W1", "E1", "P"];

/** Where each place's codes are written on the 900 × 1200 sheet (the car faces up, its left on the left). */
const SPOTS: Record<MarkPlace, [number, number]> = {
  front_bumper: [450, 428],
  bonnet: [450, 520],
  front_left_fender: [300, 505],
  front_right_fender: [600, 505],
  windscreen: [450, 596],
  left_mirror: [300, 585],
  right_mirror: [600, 585],
  roof: [450, 685],
  front_left_door: [300, 655],
  front_right_door: [600, 655],
  rear_left_door: [300, 745],
  rear_right_door: [600, 745],
  left_sill: [235, 700],
  right_sill: [665, 700],
  rear_window: [450, 772],
  rear_left_quarter: [300, 835],
  rear_right_quarter: [600, 835],
  boot: [450, 840],
  rear_bumper: [450, 942],
  front_left_wheel: [235, 540],
  front_right_wheel: [665, 540],
  rear_left_wheel: [235, 840],
  rear_right_wheel: [665, 840],
  interior: [772, 490],
  underbody: [772, 880],
};

type Vehicle = {
  id: number;
  year: number;
  mileage: number | null;
  exterior_grade: string | null;
  interior_grade: string | null;
  make: string;
  model: string;
  model_code: string | null;
  color: string | null;
};

type Sheet = {
  house: (typeof HOUSES)[number];
  lot: string;
  date: string;
  overall: string;
  exterior: string | null;
  interior: string | null;
  mileage: number | null;
  marks: { code: MarkCode; place: MarkPlace }[];
  flags: SheetFlag[];
  remarks: [string, string][];
};

// ---- Words as outlines -------------------------------------------------

/** Japanese forms first: the sheet is written in Japan. */
const FACES = () => faceOrder("ア");

/** The text as SVG outlines, its baseline at y; `anchor` says where x is. */
function words(
  text: string,
  x: number,
  y: number,
  size: number,
  options: { anchor?: "start" | "middle" | "end"; fill?: string; bold?: boolean } = {},
): string {
  const order = FACES();
  const runs: { face: Face; text: string }[] = [];
  for (const char of text) {
    const face = order.find((f) => covers(f, char.codePointAt(0)!)) ?? order[0]!;
    const last = runs.at(-1);
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  const glyphs: { d: string; x: number; scale: number }[] = [];
  let width = 0;
  for (const run of runs) {
    const font = glyphsOf(run.face);
    const scale = size / font.unitsPerEm;
    const layout = font.layout(run.text);
    layout.glyphs.forEach((glyph, i) => {
      const position = layout.positions[i]!;
      glyphs.push({ d: glyph.path.toSVG(), x: width + position.xOffset * scale, scale });
      width += position.xAdvance * scale;
    });
  }
  const start = options.anchor === "middle" ? x - width / 2 : options.anchor === "end" ? x - width : x;
  const fill = options.fill ?? "#2b2b2b";
  const stroke = options.bold ? ` stroke="${fill}" stroke-width="${(size / 28).toFixed(2)}"` : "";
  const paths = glyphs
    .filter((g) => g.d)
    .map(
      (g) =>
        `<path transform="translate(${(start + g.x).toFixed(1)} ${y}) scale(${g.scale.toFixed(4)} ${(-g.scale).toFixed(4)})" d="${g.d}"/>`,
    )
    .join("");
  return `<g fill="${fill}"${stroke}>${paths}</g>`;
}

// ---- The picture -------------------------------------------------------

const INK = "#a8433a";
const PEN = "#1f3a8a";

/** The damage map's car, seen from above, front up. */
const CAR = `
  <path d="M380 440 Q450 428 520 440 Q550 450 550 492 L550 862 Q550 902 520 906 Q450 914 380 906 Q350 902 350 862 L350 492 Q350 450 380 440 Z" fill="none" stroke="#333" stroke-width="3"/>
  <path d="M365 468 L535 468" stroke="#333" stroke-width="1.5"/>
  <path d="M362 560 L538 560 L522 612 L378 612 Z" fill="none" stroke="#333" stroke-width="2.5"/>
  <rect x="378" y="612" width="144" height="128" fill="none" stroke="#333" stroke-width="2"/>
  <path d="M378 740 L522 740 L536 784 L364 784 Z" fill="none" stroke="#333" stroke-width="2.5"/>
  <path d="M364 872 L536 872" stroke="#333" stroke-width="1.5"/>
  <path d="M350 600 L366 600 M534 600 L550 600 M350 692 L366 692 M534 692 L550 692 M350 784 L366 784 M534 784 L550 784" stroke="#333" stroke-width="2"/>
  <path d="M366 560 L366 862 M534 560 L534 862" stroke="#333" stroke-width="1.2"/>
  <path d="M350 596 L326 586 L326 612 L350 612 Z M550 596 L574 586 L574 612 L550 612 Z" fill="none" stroke="#333" stroke-width="2"/>
  <rect x="330" y="500" width="20" height="62" rx="5" fill="none" stroke="#333" stroke-width="2.5"/>
  <rect x="550" y="500" width="20" height="62" rx="5" fill="none" stroke="#333" stroke-width="2.5"/>
  <rect x="330" y="800" width="20" height="62" rx="5" fill="none" stroke="#333" stroke-width="2.5"/>
  <rect x="550" y="800" width="20" height="62" rx="5" fill="none" stroke="#333" stroke-width="2.5"/>`;

function cell(x: number, label: string, value: string, width = 195): string {
  return `<rect x="${x}" y="262" width="${width}" height="92" fill="none" stroke="${INK}" stroke-width="2"/>
  ${words(label, x + 12, 290, 20, { fill: INK })}
  ${words(value, x + width / 2, 340, value.length > 6 ? 30 : 40, { anchor: "middle", fill: PEN, bold: true })}`;
}

function sheetSvg(vehicle: Vehicle, sheet: Sheet): string {
  const placed = new Map<MarkPlace, number>();
  const marks = sheet.marks
    .map(({ code, place }) => {
      const [x, y] = SPOTS[place];
      const k = placed.get(place) ?? 0;
      placed.set(place, k + 1);
      return words(code, x + k * 50, y + 2, 32, { anchor: "middle", fill: PEN, bold: true });
    })
    .join("");
  // Stamped in the map's free corners: top left, then bottom left.
  const stamps = sheet.flags
    .map((flag, i) => {
      const y = i === 0 ? 428 : 884;
      const width = SHEET_FLAGS[flag].length * 30 + 30;
      return `<g transform="rotate(-6 ${80 + width / 2} ${y + 29})">
        <rect x="80" y="${y}" width="${width}" height="58" rx="8" fill="none" stroke="#c62828" stroke-width="4"/>
        ${words(SHEET_FLAGS[flag], 80 + width / 2, y + 41, 30, { anchor: "middle", fill: "#c62828", bold: true })}
      </g>`;
    })
    .join("");
  const mileage = sheet.mileage === null ? "不明" : `${sheet.mileage.toLocaleString("en-US")} km`;
  const remarks = sheet.remarks
    .map(([japanese], i) => words(japanese, 80 + (i % 2) * 380, 1062 + Math.floor(i / 2) * 40, 26, { fill: PEN }))
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200" viewBox="0 0 900 1200">
  <rect width="900" height="1200" fill="#f6efd9"/>
  <rect x="30" y="30" width="840" height="1140" fill="none" stroke="${INK}" stroke-width="3"/>
  ${words(sheet.house[1], 60, 96, 44, { bold: true })}
  ${words(sheet.house[0], 62, 130, 20, { fill: "#555" })}
  ${words("出品票", 840, 88, 34, { anchor: "end", fill: INK, bold: true })}
  ${words(`出品番号 ${sheet.lot}`, 840, 130, 24, { anchor: "end" })}
  <path d="M30 152 L870 152" stroke="${INK}" stroke-width="2"/>
  ${words("開催日", 60, 192, 20, { fill: INK })}${words(sheet.date, 140, 192, 24, { fill: PEN })}
  ${words("車名", 330, 192, 20, { fill: INK })}${words(`${vehicle.make} ${vehicle.model}`, 390, 192, 24, { fill: PEN })}
  ${words("年式", 690, 192, 20, { fill: INK })}${words(String(vehicle.year), 750, 192, 24, { fill: PEN })}
  ${words("型式", 60, 234, 20, { fill: INK })}${words(vehicle.model_code ?? "", 140, 234, 24, { fill: PEN })}
  ${words("色", 330, 234, 20, { fill: INK })}${words(vehicle.color ?? "", 390, 234, 24, { fill: PEN })}
  ${cell(60, "評価点", sheet.overall)}
  ${cell(255, "外装", sheet.exterior ?? "")}
  ${cell(450, "内装", sheet.interior ?? "")}
  ${cell(645, "走行", mileage)}
  <rect x="60" y="380" width="780" height="590" fill="none" stroke="${INK}" stroke-width="2"/>
  ${words("展開図", 76, 410, 20, { fill: INK })}
  ${CAR}
  <rect x="715" y="440" width="115" height="80" fill="none" stroke="#333" stroke-width="1.5"/>
  ${words("室内", 724, 462, 18, { fill: INK })}
  <rect x="715" y="830" width="115" height="80" fill="none" stroke="#333" stroke-width="1.5"/>
  ${words("下回り", 724, 852, 18, { fill: INK })}
  ${marks}
  ${stamps}
  <rect x="60" y="990" width="780" height="160" fill="none" stroke="${INK}" stroke-width="2"/>
  ${words("注意事項", 76, 1020, 20, { fill: INK })}
  ${remarks}
  <circle cx="790" cy="1108" r="28" fill="none" stroke="#c62828" stroke-width="3"/>
  ${words("検", 790, 1120, 30, { anchor: "middle", fill: "#c62828" })}
</svg>`;
}

/** The sheet as a JPEG, about as a scanner gives it. */
export async function drawAuctionSheet(vehicle: Vehicle, sheet: Sheet): Promise<Buffer> {
  return sharp(Buffer.from(sheetSvg(vehicle, sheet)))
    .jpeg({ quality: 82 })
    .toBuffer();
}

// ---- The translation ---------------------------------------------------

/** The overall grade a car of this age and exterior gets: a newer one higher, never above what its paint allows. */
function overallGrade(vehicle: Vehicle, thisYear: number): string {
  const age = thisYear - vehicle.year;
  const byPaint = { A: age <= 2 ? 5 : 4.5, B: 4, C: 3.5, D: 3, E: 2 }[vehicle.exterior_grade ?? "B"] ?? 4;
  const byAge = age <= 2 ? 5 : age <= 6 ? 4.5 : age <= 10 ? 4 : age <= 14 ? 3.5 : 3;
  return String(Math.min(byPaint, byAge));
}

function shuffled<T>(rng: Rng, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function drawSheet(rng: Rng, vehicle: Vehicle, flag: SheetFlag | null, today: Date): Sheet {
  const thisYear = Number(shopDay(today).slice(0, 4));
  const daysAgo = between(rng, 14, 42);
  const house = pick(rng, HOUSES);
  const lot = String(between(rng, 10_000, 99_999));
  // How many marks a car of this paint has: none or one for A, up to four for D and E.
  const most = { A: 1, B: 2, C: 3 }[vehicle.exterior_grade ?? "B"] ?? 4;
  const count = between(rng, Math.max(0, most - 2), most);
  const marks: Sheet["marks"] = flag === "repaired" ? [{ code: "XX", place: "rear_right_quarter" }] : [];
  while (marks.length < count) {
    const glass = rng() < 0.15;
    marks.push(
      glass
        ? { code: "G", place: pick(rng, ["windscreen", "rear_window"] as const) }
        : { code: pick(rng, PANEL_CODES), place: pick(rng, PANELS) },
    );
  }
  const remarks = shuffled(rng, REMARKS).slice(0, between(rng, 2, 3));
  if (flag === "repaired")
    remarks.unshift(["修復歴あり リアパネル交換", "Repair history: the rear panel was replaced."]);
  if (flag === "mileage_unknown")
    remarks.unshift(["走行距離不明", "Mileage unknown: the odometer reading is not confirmed."]);
  const mileage =
    flag === "mileage_unknown" || vehicle.mileage === null
      ? null
      : Math.max(0, vehicle.mileage + between(rng, -300, 300));
  return {
    house,
    lot,
    date: shopDay(new Date(today.getTime() - daysAgo * 24 * 3600 * 1000)),
    overall: flag === "repaired" ? "R" : overallGrade(vehicle, thisYear),
    exterior: vehicle.exterior_grade,
    interior: vehicle.interior_grade,
    mileage,
    marks,
    flags: flag ? [flag] : [],
    remarks,
  };
}

/** The sheet as the owner's form sends it. */
function formOf(sheet: Sheet): Record<string, unknown> {
  return {
    auctionHouse: sheet.house[0],
    lotNumber: sheet.lot,
    auctionDate: sheet.date,
    overallGrade: sheet.overall,
    exteriorGrade: sheet.exterior ?? "",
    interiorGrade: sheet.interior ?? "",
    mileageKm: sheet.mileage === null ? "" : String(sheet.mileage),
    markCode: sheet.marks.map((m) => m.code),
    markPlace: sheet.marks.map((m) => m.place),
    flags: sheet.flags,
    notes: sheet.remarks.map(([, english]) => english).join(" "),
  };
}

/**
 * Gives every third vehicle (by id) a drawn auction sheet and its
 * translation, through the owner's own save. Nothing happens when the shop
 * has a sheet already. Returns how many sheets were saved.
 */
export async function seedDemoSheets(
  db: DB,
  documents: DocumentStore,
  seed = DEMO_SEED.seed ?? 1,
  now = new Date(),
): Promise<number> {
  if (await db.selectFrom("auction_sheets").select("id").limit(1).executeTakeFirst()) return 0;
  const all = await db
    .selectFrom("vehicles")
    .select(["id", "year", "mileage", "exterior_grade", "interior_grade", "make", "model", "model_code", "color"])
    .orderBy("id")
    .execute();
  const chosen = all.filter((_, i) => i % 3 === 0);
  if (chosen.length === 0) return 0;
  // The second gets the repair history; the oldest of the others the unknown mileage.
  const repaired = chosen[1]?.id;
  const unknown = chosen.filter((v) => v.id !== repaired).reduce((oldest, v) => (v.year < oldest.year ? v : oldest)).id;
  const owner = await db.selectFrom("staff").select("id").where("admin_id", "=", DEMO_STAFF.adminId).executeTakeFirst();
  const staff = { id: owner?.id ?? 0, adminId: DEMO_STAFF.adminId };
  const rng = createRng(seed + 45);
  let saved = 0;
  let disagreeing: number | null = null;
  for (const vehicle of chosen) {
    const flag =
      vehicle.id === repaired ? "repaired" : vehicle.id === unknown && chosen.length > 1 ? "mileage_unknown" : null;
    const sheet = drawSheet(rng, vehicle, flag, now);
    const data = await drawAuctionSheet(vehicle, sheet);
    const outcome = await saveAuctionSheet(
      db,
      documents,
      vehicle.id,
      formOf(sheet),
      { data, filename: `auction-sheet-${vehicle.id}.jpg` },
      staff,
      now,
    );
    if (!outcome.ok) {
      throw new Error(
        `The demo's auction sheet of vehicle ${vehicle.id} was refused: ${JSON.stringify(outcome.errors)}`,
      );
    }
    saved += 1;
    // One car's export certificate reads far fewer kilometres than its sheet: the page's warning, as buyers see it.
    if (!disagreeing && flag === null && sheet.mileage !== null && sheet.mileage > 20_000) {
      disagreeing = vehicle.id;
      const issued = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
      const certificate = await savePaperReadings(
        db,
        documents,
        vehicle.id,
        "export_certificate",
        { reference: `EX-${vehicle.id}-0042`, issuedOn: issued, mileageKm: String(sheet.mileage - 18_000) },
        null,
        staff,
        now,
      );
      if (!certificate.ok) throw new Error(`The demo's export certificate of vehicle ${vehicle.id} was refused`);
    }
  }
  return saved;
}
