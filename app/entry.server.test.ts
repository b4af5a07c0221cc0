import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPhoto } from "./entry.server";

const page = (head: string, body: string) =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);

const HEAD =
  '<link rel="preload" as="image" imageSrcSet="/media/a-480.webp 480w" fetchPriority="high"/>' +
  '<link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="preload" as="fetch" href="/i18n/en/public-1.json" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="N0nce"/>' +
  '<link rel="modulepreload" href="/assets/root-1.js" nonce="N0nce"/>';
const MODULE =
  '<script nonce="N0nce" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-1.js");</script>';
const DATA = '<script nonce="N0nce">window.__reactRouterContext.streamController.close();</script>';

describe("a page's scripts after its first photo", () => {
  it("moves the scripts' preloads and the router's module script into an inert template, and keeps the rest in place", () => {
    const out = scriptsAfterFirstPhoto(
      page(HEAD, `<main><img fetchpriority="high"/></main>${MODULE}${DATA}`),
      "N0nce",
    ).toString();
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).toContain('<link rel="preload" as="image"');
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(head).not.toContain("modulepreload");
    expect(head).not.toContain('as="fetch"');
    const template = /<template id="page-scripts">([\s\S]*?)<\/template>/.exec(out)?.[1];
    expect(template).toBe(
      '<link rel="preload" as="fetch" href="/i18n/en/public-1.json" crossorigin="anonymous"/>' +
        '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="N0nce"/>' +
        '<link rel="modulepreload" href="/assets/root-1.js" nonce="N0nce"/>' +
        MODULE,
    );
    // The script that hands them over carries the page's nonce, and what came after is unchanged.
    expect(out).toMatch(
      /<\/template><script nonce="N0nce">\(\(\) => \{.*\}\)\(\);<\/script><script nonce="N0nce">window/,
    );
    expect(out.endsWith(`${DATA}</body></html>`)).toBe(true);
    expect(out.match(/<main>/g)).toHaveLength(1);
  });

  it("leaves a page without the router's module script as it is", () => {
    const plain = page(HEAD, "<main>Not found</main>");
    expect(scriptsAfterFirstPhoto(plain, "N0nce").equals(plain)).toBe(true);
    // A script like it but without the page's nonce is not the router's (nor one that may run).
    const lookalike = page(HEAD, `<main>${MODULE.replace("N0nce", "other")}</main>`);
    expect(scriptsAfterFirstPhoto(lookalike, "N0nce").equals(lookalike)).toBe(true);
    const cut = page(HEAD, `<main>x</main>${MODULE.slice(0, -"</script>".length)}`);
    expect(scriptsAfterFirstPhoto(cut, "N0nce").equals(cut)).toBe(true);
    const headless = Buffer.from(`<p>${MODULE}</p>`);
    expect(scriptsAfterFirstPhoto(headless, "N0nce").equals(headless)).toBe(true);
  });

  it("writes the early script before the style sheet, and the page's structured data with no way out of its element", () => {
    const out = scriptsAfterFirstPhoto(page(HEAD, `<main></main>${MODULE}${DATA}`), "N0nce", {
      name: "Car </script><script>alert(1)</script>",
    }).toString();
    const head = out.slice(0, out.indexOf("</head>"));
    const early = head.indexOf('<script nonce="N0nce">document.addEventListener("change"');
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    const data = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(data!)).toEqual({ name: "Car </script><script>alert(1)</script>" });
    expect(data).not.toContain("<");
    // Without structured data, none is written.
    expect(scriptsAfterFirstPhoto(page(HEAD, `<main></main>${MODULE}`), "N0nce").toString()).not.toContain("ld+json");
  });
});
