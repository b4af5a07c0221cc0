import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager, type PagerWords } from "./pager";

const words: PagerWords = {
  label: "Pages",
  previous: "Previous",
  next: "Next",
  page: (page) => `Page ${page}`,
  first: "First page",
  last: "Last page",
  pageOf: "Page 2 of 9",
};

function draw(numbers: "gaps" | "window" | "none", page: number, pageCount: number) {
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(Pager, { numbers, page, pageCount, words, pageHref: (p: number) => `/list?page=${p}` }),
    ),
  );
  // What a reader of the page meets: links (address, name, current), greyed arrows, gaps and text.
  const links = [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) => {
    const attribute = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(attributes!)?.[1];
    const label = attribute("aria-label");
    const current = attribute("aria-current") === "page" ? " [current]" : "";
    return `${text}${label ? ` (${label})` : ""} -> ${attribute("href")}${current}`;
  });
  const greyed = [...html.matchAll(/<span[^>]*aria-hidden="true"[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]);
  return { html, links, greyed };
}

describe("the pager (SPEC 9)", () => {
  it("public lists: every page up to 7, otherwise the ends and the neighbours with gaps; nothing for one page", () => {
    expect(draw("gaps", 1, 1).html).toBe("");
    const middle = draw("gaps", 5, 9);
    expect(middle.html).toContain('aria-label="Pages"');
    expect(middle.links).toEqual([
      "Previous -> /list?page=4",
      "1 (Page 1) -> /list?page=1",
      "4 (Page 4) -> /list?page=4",
      "5 (Page 5) -> /list?page=5 [current]",
      "6 (Page 6) -> /list?page=6",
      "9 (Page 9) -> /list?page=9",
      "Next -> /list?page=6",
    ]);
    expect(middle.html.match(/…/g)).toHaveLength(2);
    expect(draw("gaps", 1, 3).greyed).toEqual(["Previous"]);
    expect(draw("gaps", 3, 3).greyed).toEqual(["Next"]);
  });

  it("the owner's tables: five pages, arrows named first, previous, next and last, and where they are, even for one page", () => {
    const first = draw("window", 1, 9);
    expect(first.links).toEqual([
      "2 (Page 2) -> /list?page=2",
      "3 (Page 3) -> /list?page=3",
      "4 (Page 4) -> /list?page=4",
      "5 (Page 5) -> /list?page=5",
      "› (Next) -> /list?page=2",
      "» (Last page) -> /list?page=9",
    ]);
    expect(first.greyed).toEqual(["«", "‹"]);
    expect(first.html).toContain('<span aria-current="page"');
    expect(first.html).toContain("Page 2 of 9");
    const one = draw("window", 1, 1);
    expect(one.links).toEqual([]);
    expect(one.greyed).toEqual(["«", "‹", "›", "»"]);
  });

  it("a buyer's own lists: previous and next only where they lead, with where the buyer is", () => {
    expect(draw("none", 1, 1).html).toBe("");
    const start = draw("none", 1, 3);
    expect(start.links).toEqual(["Next -> /list?page=2"]);
    expect(start.greyed).toEqual([]);
    expect(start.html).not.toContain("Previous");
    const middle = draw("none", 2, 3);
    expect(middle.links).toEqual(["Previous -> /list?page=1", "Next -> /list?page=3"]);
    expect(middle.greyed).toEqual([]);
    expect(middle.html).toContain("Page 2 of 9");
  });
});
