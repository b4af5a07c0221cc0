import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { flattenMessages, type Messages } from "~/i18n/core";
import { kindOfAdminPath, STOCK_ADMIN } from "./admin-stock";
import { STOCK_KINDS, type StockKind } from "./stock-kinds";

const KINDS = Object.keys(STOCK_KINDS) as StockKind[];
const admin = flattenMessages(
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../i18n/locales/en/admin.json"), "utf8")) as Messages,
);

/** Every address the route table serves, as "/admin/edit/:id". */
function addresses(list: readonly { path?: string; children?: unknown[] }[]): string[] {
  return list.flatMap((r) => [
    ...(r.path ? [`/${r.path}`] : []),
    ...addresses((r.children ?? []) as { path?: string; children?: unknown[] }[]),
  ]);
}

describe("each kind's back-office screens", () => {
  it("are found again from their addresses, with or without a closing slash", () => {
    for (const kind of KINDS) {
      const { list, upload, quotes, edit } = STOCK_ADMIN[kind];
      for (const address of [list, upload, quotes, `${list}/`, ...edit.map((e) => `${e}/12`), `${edit[0]}/12/`])
        expect(kindOfAdminPath(address), address).toBe(kind);
    }
    expect(kindOfAdminPath("/admin/all-parts-products-old")).toBe("vehicle");
    expect(kindOfAdminPath("/admin/edit-part")).toBe("vehicle");
  });

  it("are addresses the shop serves", () => {
    const served = new Set(addresses(routes));
    for (const kind of KINDS) {
      const { list, upload, quotes, edit } = STOCK_ADMIN[kind];
      for (const address of [list, upload, quotes, ...edit.map((e) => `${e}/:id`)])
        expect(served.has(address), address).toBe(true);
    }
  });

  it("have their words in the admin catalogue, for every field of their forms", () => {
    const missing: string[] = [];
    const need = (key: string) => (admin.has(key) ? null : missing.push(key));
    for (const kind of KINDS) {
      const { titles, words, form, options } = STOCK_ADMIN[kind];
      [...Object.values(titles), ...Object.values(words)].forEach(need);
      form.hints.forEach((field) => need(`fields.hints.${field}`));
      for (const section of [...form.upload, ...form.edit]) {
        need(section.title);
        section.fields.forEach((field) => need(`fields.labels.${field}`));
      }
      for (const group of Object.values(options))
        expect(
          [...admin.keys()].some((k) => k.startsWith(`options.${group}.`)),
          group,
        ).toBe(true);
      need(`stockTable.columns.${STOCK_ADMIN[kind].column}`);
    }
    expect(missing).toEqual([]);
  });

  it("name only fields of their own forms as required or explained", () => {
    for (const kind of KINDS) {
      const { form } = STOCK_ADMIN[kind];
      const fields = new Set<string>([...form.upload, ...form.edit].flatMap((s) => s.fields));
      for (const field of [...form.required, ...form.hints]) expect(fields.has(field), `${kind}: ${field}`).toBe(true);
      // Each screen has every field once.
      for (const screen of [form.upload, form.edit]) {
        const listed = screen.flatMap((s) => s.fields);
        expect(new Set(listed).size).toBe(listed.length);
        expect(new Set(listed)).toEqual(new Set(form.upload.flatMap((s) => s.fields)));
      }
    }
  });
});
