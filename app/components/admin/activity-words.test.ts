import { describe, expect, it } from "vitest";
import { i18nFor, type TFunction } from "~/i18n/core";
import { formatYenIn } from "~/i18n/format";
import english from "~/i18n/locales/en/admin.json";
import japanese from "~/i18n/locales/ja/admin.json";
import { shownCountry } from "~/domain/countries";
import { shownPortPlain } from "~/domain/freight/port-names.server";
import { activityLines, activityText, type ActivityRow } from "./activity-words";

const tIn = (language: "en" | "ja") =>
  i18nFor({
    language,
    version: `activity-words-${language}`,
    resources: { admin: language === "en" ? english : japanese },
  }).getFixedT(language, "admin") as TFunction<"admin">;
const en = { t: tIn("en"), yen: (v: number) => formatYenIn(v, "en") };
const ja = { t: tIn("ja"), yen: (v: number) => formatYenIn(v, "ja") };

const AT = "2026-12-03T08:03:12.521Z";
let id = 0;
const row = (action: string, summary: string, at = AT): ActivityRow => ({ id: ++id, at, action, summary });

/** The demo's own log of one deal, newest first, as the services write it. */
const DEAL: ActivityRow[] = [
  row("order.courier", "Order 2026-00002: original documents sent by dhl, tracking 1234567890"),
  row("order.status_changed", "Order 2026-00002: paid → shipped (ship)"),
  row("order.document", "Order 2026-00002: export_certificate uploaded by the staff (1436 bytes)"),
  row(
    "order.shipment",
    "Order 2026-00002: shipment vessel, voyage, port_of_loading, etd, eta, shipping_method, bl_number changed (vessel Morning Lily, ETD 2026-12-03, ETA 2026-12-21)",
  ),
  row(
    "order.payment",
    "Order 2026-00002: ¥1,200,000 received on 2026-12-03 (bank_transfer, TT 2026-118); paid ¥1,200,000 of ¥1,200,000",
  ),
  row("order.status_changed", "Order 2026-00002: awaiting_payment → paid (pay_full)"),
  row("vehicle.sold", "2013 Toyota Hiace Super GL (V-592240) sold: order 2026-00002 is paid"),
  row("invoice.issued", "Invoice 2026-00002 issued for quote 6130675861: ¥1,200,000, due 2026-12-08"),
  row("order.opened", "Order 2026-00002 opened: 2013 Toyota Hiace Super GL (V-592240) for Nimal Perera"),
  row("quote.status_changed", "Quote 6130675861: offered → accepted (accept)"),
  row(
    "vehicle.reserved",
    "2013 Toyota Hiace Super GL (V-592240) reserved for quote 6130675861 until 2026-12-08T08:03:12.521Z",
  ),
  row("offer.created", "Offer on quote 6130675861: CIF Colombo, Sri Lanka ¥1,200,000, valid until 2026-12-10"),
  row("quote.status_changed", "Quote 6130675861: pending → offered (offer)"),
  row("quote.requested", "Quote request 6130675861 from Nimal Perera (Sri Lanka) for 2013 Toyota Hiace Super GL"),
];

/** Codes of the state machines and columns: snake_case words, or a status arrow. */
const CODE = /\b[a-z]+_[a-z_]+\b|→|\(pay_|\b(pay_full|pay_part|ship_unpaid)\b/;

describe("the activity log in words", () => {
  it("says a payment once, with its amount in yen and what it left to pay", () => {
    const lines = activityLines(DEAL, en.t, en.yen).map((l) => l.text);
    expect(lines).toContain("Order 2026-00002: payment of ¥1,200,000 recorded: paid in full");
    // The status move the payment caused is not said a second time.
    expect(lines).not.toContain("Order 2026-00002 paid in full");
    expect(lines).toHaveLength(DEAL.length - 1);
    const part = row(
      "order.payment",
      "Order 2026-00003: ¥500,000 received on 2026-12-03 (cash); paid ¥500,000 of ¥1,200,000",
    );
    expect(activityText(part, en)).toBe("Order 2026-00003: payment of ¥500,000 recorded: ¥700,000 still to pay");
  });

  it("names changed shipment fields by their labels, and state moves by their words", () => {
    const lines = activityLines(DEAL, en.t, en.yen).map((l) => l.text);
    expect(lines).toEqual([
      "Order 2026-00002: original documents sent by DHL",
      "Order 2026-00002 shipped",
      "Order 2026-00002: Export certificate added",
      "Order 2026-00002: Vessel, Voyage, Port of loading, ETD, ETA, Shipping method, B/L no. changed",
      "Order 2026-00002: payment of ¥1,200,000 recorded: paid in full",
      "2013 Toyota Hiace Super GL (V-592240) marked sold",
      "Invoice 2026-00002 of ¥1,200,000 issued for quote 6130675861",
      "Order 2026-00002 opened: 2013 Toyota Hiace Super GL for Nimal Perera",
      "Quote 6130675861: the buyer accepted the offer",
      "2013 Toyota Hiace Super GL (V-592240) reserved for quote 6130675861",
      "Offer of ¥1,200,000 sent on quote 6130675861",
      "Quote 6130675861: offer sent",
      "Quote request 6130675861 from Nimal Perera (Sri Lanka) for 2013 Toyota Hiace Super GL",
    ]);
    expect(activityText(row("order.shipment", "Order 7: shipment port_of_loading, etd changed (vessel -)"), en)).toBe(
      "Order 7: Port of loading, ETD changed",
    );
  });

  it("speaks Japanese on a Japanese page, with no English left from the log", () => {
    const lines = activityLines(DEAL, ja.t, ja.yen).map((l) => l.text);
    expect(lines[4]).toMatch(/^注文 2026-00002：.*1,200,000.*の入金を記録しました（全額入金済み）$/);
    expect(lines[3]).toBe(
      "注文 2026-00002：本船名、航海番号、積出港、ETD（出港予定日）、ETA（到着予定日）、輸送方法、B/L番号を変更しました",
    );
    for (const line of lines) expect(line).not.toMatch(/received|changed|shipped|Quote|Order/);
  });

  it("names the log's countries in the page's language, as the dashboard's server writes them", () => {
    const rows = [
      ...DEAL,
      row("customer.registered", "New user registration: Amani Otieno (Kenya)"),
      row("imports.rule_updated", "Import rule for Tanzania updated"),
    ];
    const lines = activityLines(rows, ja.t, ja.yen, (c) => shownCountry(c, "ja")).map((l) => l.text);
    expect(lines.find((l) => l.startsWith("見積もり依頼"))).toContain("Nimal Perera 様（スリランカ）");
    expect(lines.find((l) => l.includes("Amani Otieno"))).toContain("（ケニア）");
    expect(lines.find((l) => l.includes("輸入規則"))).toContain("タンザニア");
    for (const line of lines) expect(line).not.toMatch(/Sri Lanka|Kenya|Tanzania/);
  });

  it("names the freight lines' ports and countries in the page's language, as the dashboard's server writes them", () => {
    const rows = [
      row("freight.added", "Freight to Mombasa, Kenya added"),
      row("freight.updated", "Freight to Colombo, Sri Lanka updated"),
      row("freight.deleted", "Freight to Port Louis, Mauritius deleted"),
    ];
    const lines = activityLines(rows, ja.t, ja.yen, undefined, (p) => shownPortPlain(p, "ja")).map((l) => l.text);
    expect(lines[0]).toBe("モンバサ（ケニア） までの運賃を追加しました");
    expect(lines[1]).toBe("コロンボ（スリランカ） までの運賃を更新しました");
    // A port the shop cannot name stays as the owner wrote it, its country in Japanese; no tags in the plain log.
    expect(lines[2]).toBe("Port Louis（モーリシャス） までの運賃を削除しました");
    for (const line of lines.slice(0, 2)) expect(line).not.toMatch(/Mombasa|Kenya|Colombo|Sri Lanka/);
  });

  it("says which vehicle's books were saved, not that a change was recorded", () => {
    const rows = [
      row("books.purchase_saved", "Purchase record of V-689763 saved (version 1)"),
      row("books.export_papers_saved", "Export papers of V-158996 saved (version 2)"),
    ];
    expect(activityLines(rows, en.t, en.yen).map((l) => l.text)).toEqual([
      "Purchase record of V-689763 saved",
      "Export papers of V-158996 saved",
    ]);
    expect(activityLines(rows, ja.t, ja.yen).map((l) => l.text)).toEqual([
      "V-689763 の仕入れ記録を保存しました",
      "V-158996 の輸出書類を保存しました",
    ]);
  });

  it("never shows a code: unknown actions, events and lines become a plain phrase", () => {
    const odd = [
      row("order.status_changed", "Order 2026-00009: shipped → lost_at_sea (sink_ship)"),
      row("order.status_changed", "Order 2026-00009: paid → shipped (ship_by_air)"),
      row("order.shipment", "Order 2026-00009: shipment hull_colour changed (vessel -)"),
      row("order.payment", "something else entirely: pay_full"),
      row("quote.status_changed", "Quote 1: pending → on_ice (freeze)"),
      row("robot.did_a_thing", "robot_arm moved → parked"),
      row("vehicle.teleported", "V-1 went to_the_moon"),
    ];
    const lines = activityLines(odd, en.t, en.yen).map((l) => l.text);
    expect(lines).toEqual([
      "An order was updated",
      "Order 2026-00009 is now: Shipped",
      "Order 2026-00009: shipment details changed",
      "An order was updated",
      "A quote was updated",
      "A change was recorded",
      "A vehicle was updated",
    ]);
    for (const line of [...lines, ...activityLines(DEAL, en.t, en.yen).map((l) => l.text)])
      expect(line).not.toMatch(CODE);
  });

  it("says a find request's move in words, answered included", () => {
    const moved = row("find_request.status_changed", "Find request 12: pending → responded");
    const said = activityText(moved, en);
    expect(said).toContain("12");
    expect(said).toContain("Responded");
    expect(said).not.toMatch(CODE);
    expect(activityText(moved, ja)).toContain("対応済み");
  });
});
