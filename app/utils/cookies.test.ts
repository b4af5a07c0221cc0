import { describe, expect, it } from "vitest";
import {
  clearCookie,
  COOKIES,
  cookieName,
  readCookie,
  SESSION_COOKIE_NAMES,
  secureCookies,
  setCookie,
} from "./cookies";
import { carriesSession, readSessionCookie } from "./request-scope.server";

const https = { config: { publicUrl: new URL("https://shop.example.test") } };
const http = { config: { publicUrl: new URL("http://127.0.0.1:3000") } };
const token = "A".repeat(43);

describe("cookie names", () => {
  it("are Secure and __Host- named only when the shop is on https", () => {
    expect(secureCookies(https)).toBe(true);
    expect(secureCookies(http)).toBe(false);
  });

  it("give server cookies the __Host- prefix over https, preference cookies never", () => {
    const names = (secure: boolean) =>
      Object.fromEntries(Object.entries(COOKIES).map(([key, cookie]) => [key, cookieName(cookie, secure)]));
    expect(names(false)).toEqual({
      buyerSession: "sid",
      staffSession: "staff_sid",
      staffChallenge: "staff_2fa",
      buyerDevice: "buyer_device",
      staffDevice: "staff_device",
      language: "lang",
      currency: "currency",
      port: "port",
      importCountry: "import_country",
      view: "view",
    });
    expect(names(true)).toEqual({
      buyerSession: "__Host-sid",
      staffSession: "__Host-staff_sid",
      staffChallenge: "__Host-staff_2fa",
      buyerDevice: "__Host-buyer_device",
      staffDevice: "__Host-staff_device",
      language: "lang",
      currency: "currency",
      port: "port",
      importCountry: "import_country",
      view: "view",
    });
  });

  it("that keep the page cache away are the sessions and the challenge, by both names", () => {
    expect([...SESSION_COOKIE_NAMES].sort()).toEqual(
      ["sid", "__Host-sid", "staff_sid", "__Host-staff_sid", "staff_2fa", "__Host-staff_2fa"].sort(),
    );
  });
});

describe("Set-Cookie values", () => {
  it("of a session: whole site, HttpOnly, Lax, the record's lifetime; over https Secure and no Domain", () => {
    expect(setCookie(COOKIES.buyerSession, token, true, 2_592_000)).toBe(
      `__Host-sid=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure`,
    );
    expect(setCookie(COOKIES.staffSession, token, false, 86_400)).toBe(
      `staff_sid=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`,
    );
    expect(setCookie(COOKIES.staffChallenge, token, true, 300)).toBe(
      `__Host-staff_2fa=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300; Secure`,
    );
    expect(setCookie(COOKIES.staffChallenge, token, true, 300)).not.toContain("Domain");
  });

  it("of a device mark: kept a year", () => {
    expect(setCookie(COOKIES.buyerDevice, "n.m", true)).toBe(
      "__Host-buyer_device=n.m; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure",
    );
    expect(setCookie(COOKIES.staffDevice, "n.m", false)).toBe(
      "staff_device=n.m; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000",
    );
  });

  it("of a preference: readable by the page, kept a year, Secure over https", () => {
    expect(setCookie(COOKIES.language, "zh-CN", false)).toBe("lang=zh-CN; Path=/; SameSite=Lax; Max-Age=31536000");
    expect(setCookie(COOKIES.currency, "USD", true)).toBe(
      "currency=USD; Path=/; SameSite=Lax; Max-Age=31536000; Secure",
    );
    expect(setCookie(COOKIES.view, "list", false)).toBe("view=list; Path=/; SameSite=Lax; Max-Age=31536000");
  });

  it("that clear a cookie keep its name and attributes, empty and Max-Age=0", () => {
    expect(clearCookie(COOKIES.buyerSession, true)).toBe(
      "__Host-sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
    expect(clearCookie(COOKIES.port, false)).toBe("port=; Path=/; SameSite=Lax; Max-Age=0");
  });

  it("encode what would end the value, so it reads back the same", () => {
    const header = setCookie(COOKIES.view, "a; Domain=evil", false);
    expect(header.startsWith("view=a%3B%20Domain%3Devil;")).toBe(true);
    expect(readCookie(header.split(";")[0]!, "view")).toBe("a; Domain=evil");
  });

  it("of a session refuse to be written without its lifetime", () => {
    // @ts-expect-error a session cookie's lifetime is its record's, so it must be given
    expect(() => setCookie(COOKIES.buyerSession, token, true)).toThrow(/lifetime/);
  });
});

describe("reading a Cookie header", () => {
  it("finds a cookie by its exact name only", () => {
    expect(readCookie("sid=abc", "sid")).toBe("abc");
    expect(readCookie("__Host-sid=abc", "sid")).toBeNull();
    expect(readCookie("sid=abc", "__Host-sid")).toBeNull();
    expect(readCookie("xsid=abc; sidx=def", "sid")).toBeNull();
    expect(readCookie("SID=abc", "sid")).toBeNull();
    expect(readCookie(null, "sid")).toBeNull();
    expect(readCookie("", "sid")).toBeNull();
  });

  it("reads odd headers as the app and the page cache both do", () => {
    for (const header of ["\u00a0sid=abc", "sid=abc\u00a0", "theme=dark;\u00a0sid=abc", "\tsid=abc", "  sid=abc ;x=1"])
      expect(readCookie(header, "sid"), JSON.stringify(header)).toBe("abc");
    // The first of two wins; "=" inside a value is kept; a value that cannot be decoded is none.
    expect(readCookie("sid=first; sid=second", "sid")).toBe("first");
    expect(readCookie("sid=a=b==", "sid")).toBe("a=b==");
    expect(readCookie("sid=%E0%A4%A", "sid")).toBeNull();
    expect(readCookie("lang=zh%2DCN", "lang")).toBe("zh-CN");
    expect(readCookie("sid", "sid")).toBe("");
  });

  it("counts a session only when its cookie has a value, under a name that applies", () => {
    expect(readSessionCookie("sid=", "sid")).toBe("");
    expect(carriesSession("sid=", SESSION_COOKIE_NAMES)).toBe(false);
    expect(carriesSession("theme=dark; lang=ja", SESSION_COOKIE_NAMES)).toBe(false);
    for (const header of ["\u00a0sid=abc", "x=1;\u00a0__Host-staff_sid=abc", "\tstaff_2fa=abc", "__Host-sid=abc"])
      expect(carriesSession(header, SESSION_COOKIE_NAMES), JSON.stringify(header)).toBe(true);
  });
});
