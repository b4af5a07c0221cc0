import { describe, expect, it } from "vitest";
import {
  namedPort,
  portLabelIn,
  shownDestination,
  shownPort,
  shownPortPlain,
  shownPortText,
} from "./port-names.server";

describe("ports in the page's language", () => {
  it("names the shop's ports in each language, whatever the owner's case and spacing", () => {
    const mombasa = { port: "Mombasa", country: "Kenya" };
    expect(namedPort(mombasa, "ja")).toMatchObject({ name: "モンバサ", lang: undefined });
    expect(namedPort({ port: " hai  phong" }, "vi").name).toBe("Hải Phòng");
    expect(namedPort({ port: "Haiphong" }, "zh-CN").name).toBe("海防");
    expect(namedPort({ port: "Colombo" }, "si").name).toBe("කොළඹ");
    expect(namedPort({ port: "Dar es Salaam" }, "hi").name).toBe("दार एस सलाम");
    // English pages show the port as the owner wrote it.
    expect(namedPort({ port: "mombasa" }, "en")).toMatchObject({ name: "mombasa", lang: undefined });
  });

  it("leaves a port it cannot name as the owner wrote it, marked as English", () => {
    expect(namedPort({ port: "Port Louis" }, "ja")).toMatchObject({ name: "Port Louis", lang: "en" });
    expect(portLabelIn(shownPort({ port: "Port Louis", country: "Mauritius" }, "ja"), "ja")).toBe(
      "<en>Port Louis</en>（モーリシャス）",
    );
  });

  it("writes “Mombasa, Kenya” with both names in the page's language", () => {
    const label = (port: string, country: string, language: "ja" | "si" | "en") =>
      portLabelIn(shownPort({ port, country }, language), language);
    expect(shownPort({ port: "Mombasa", country: "Kenya" }, "ja")).toMatchObject({
      name: "モンバサ",
      countryName: "ケニア",
    });
    expect(label("Mombasa", "Kenya", "ja")).toBe("モンバサ（ケニア）");
    expect(label("Colombo", "Sri Lanka", "si")).toBe("කොළඹ, ශ්‍රී ලංකාව");
    expect(label("Mombasa", "Kenya", "en")).toBe("Mombasa, Kenya");
  });

  it("gives every page's ports only what the picker uses: no sentence the scripts never read", () => {
    const port = { id: 7, port: "Mombasa", country: "Kenya" };
    expect(Object.keys(shownPort(port, "ja")).sort()).toEqual(["country", "countryName", "id", "lang", "name", "port"]);
    const destination = { ...port, freight: { small: 1, medium: 2, large: 3 }, insuranceBp: 150, inspectionYen: null };
    const shown = shownDestination(destination, "ja");
    expect(shown).not.toHaveProperty("label");
    expect(shown.words.title).toContain("モンバサ（ケニア）");
  });

  it("reads the port a quote or an offer stored, with or without its country", () => {
    expect(shownPortText("Colombo, Sri Lanka", "ja")).toBe("コロンボ（スリランカ）");
    expect(shownPortText("Mombasa", "zh-CN")).toBe("蒙巴萨");
    expect(shownPortText("Port Louis, Mauritius", "vi")).toBe("<en>Port Louis</en>, Mauritius");
    expect(shownPortText("the port nearest Kampala", "hi")).toBe("<en>the port nearest Kampala</en>");
    expect(shownPortText("Colombo, Sri Lanka", "en")).toBe("Colombo, Sri Lanka");
    // An FOB offer names the country it leaves from, not a port.
    expect(shownPortText("Japan", "ja")).toBe("日本");
    expect(shownPortPlain("Japan", "vi")).toBe("Nhật Bản");
    // In plain text (a mail, the owner's log) an English name is left unmarked.
    expect(shownPortPlain("Mombasa, Kenya", "ja")).toBe("モンバサ（ケニア）");
    expect(shownPortPlain("Port Louis, Mauritius", "vi")).toBe("Port Louis, Mauritius");
  });
});
