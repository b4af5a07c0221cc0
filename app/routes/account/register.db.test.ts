import type { Problem } from "~/i18n/problem";
import { english, englishAll } from "../../../tests/support/english";
import { routeContext } from "../../../tests/support/route-context";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { action as register, loader as registerPage } from "./register";
import { loader as loginPage } from "./login";
import { action as reset } from "./reset-password";

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "register-test-"));
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const context = () => routeContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.db, "192.0.2.7");

const post = (url: string, fields: Record<string, string>) =>
  new Request(`http://shop.test${url}`, { method: "POST", body: new URLSearchParams(fields) });

const person = {
  fullName: "Grace Wanjiru",
  country: "Kenya",
  phone: "+254 712 345678",
  email: "grace@example.ke",
  password: "grace's long password",
  confirmPassword: "grace's long password",
};

async function run(fn: (args: never) => Promise<unknown>, request: Request) {
  try {
    return await fn({ request, context: context(), params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

type Refusal = {
  data: { error: Problem; errors: Record<string, Problem>; values: Record<string, string> };
  init: { status: number };
};

describe("register action", () => {
  it("says 'Passwords do not match' when only the confirmation differs, and keeps the details but not the passwords", async () => {
    const answer = (await run(
      register,
      post("/register", { ...person, confirmPassword: "something else" }),
    )) as Refusal;
    expect(answer.init.status).toBe(400);
    expect(english(answer.data.error)).toBe("Passwords do not match");
    expect(answer.data.values).toEqual({
      fullName: "Grace Wanjiru",
      country: "Kenya",
      phone: "+254 712 345678",
      email: "grace@example.ke",
    });
    expect(JSON.stringify(answer.data)).not.toContain("grace's long password");
  });

  it("says 'Registration failed. Please try again.' for other problems, with a message beside each field", async () => {
    const answer = (await run(
      register,
      post("/register", { ...person, country: "", password: "short", confirmPassword: "short" }),
    )) as Refusal;
    expect(english(answer.data.error)).toBe("Registration failed. Please try again.");
    expect(englishAll(answer.data.errors)).toMatchObject({
      country: "Country is required",
      password: "Password must be at least 8 characters",
    });
    expect(await t.db.selectFrom("customers").select("id").execute()).toHaveLength(0);
  });

  it("signs the new buyer in and sends them to /vehicles with a welcome; a second registration with the address fails", async () => {
    const ok = (await run(register, post("/register", person))) as Response;
    expect(ok.status).toBe(302);
    // To the vehicles, where a word welcomes the new buyer.
    expect(ok.headers.get("Location")).toBe("/vehicles?welcome=1");
    expect(ok.headers.get("Set-Cookie")).toMatch(/^sid=/);
    const again = (await run(register, post("/register", { ...person, email: "GRACE@example.ke" }))) as Refusal;
    expect(english(again.data.error)).toMatch(/^Registration failed\. Please try again\./);
    expect(await t.db.selectFrom("customers").select("id").execute()).toHaveLength(1);
  });

  it("goes back to the car or the list the buyer came from, filters kept, with the welcome there", async () => {
    const back = (await run(
      register,
      post("/register", { ...person, email: "ama@example.gh", redirectTo: "/vehicles?Make=Toyota&ImportTo=Kenya" }),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/vehicles?Make=Toyota&ImportTo=Kenya&welcome=1");
    const car = (await run(
      register,
      post("/register", { ...person, email: "kofi@example.gh", redirectTo: "/vehicles/7" }),
    )) as Response;
    expect(car.headers.get("Location")).toBe("/vehicles/7?welcome=1");
    // Never to another site, nor round to a sign-in page.
    for (const [redirectTo, email] of [
      ["//evil.example/x", "a1@example.gh"],
      ["https://evil.example/", "a2@example.gh"],
      ["/login?redirectTo=/vehicles/7", "a3@example.gh"],
      ["/register", "a4@example.gh"],
      ["/LOGIN", "a5@example.gh"],
    ] as const) {
      const answer = (await run(register, post("/register", { ...person, email, redirectTo }))) as Response;
      expect(answer.headers.get("Location"), redirectTo).toBe("/vehicles?welcome=1");
    }
  });

  it("reads the way back from the page the buyer came from on this shop, and keeps it in the address", async () => {
    const page = (url: string, referer?: string) =>
      new Request(`http://shop.test${url}`, { headers: referer ? { Referer: referer } : {} });
    const answer = (loader: typeof registerPage | typeof loginPage, url: string, referer?: string) =>
      run(loader as never, page(url, referer)) as Promise<
        Response | { back?: string; redirectTo?: string; why?: string | null; register?: string; login?: string }
      >;
    const kept = async (loader: typeof registerPage | typeof loginPage, url: string, referer?: string) => {
      const got = await answer(loader, url, referer);
      return got instanceof Response ? got.headers.get("Location") : null;
    };
    // Read from the page the buyer came from, then kept in the page's own address for its links.
    expect(await kept(registerPage, "/register", "http://shop.test/vehicles/7?tab=specs")).toBe(
      "/register?redirectTo=%2Fvehicles%2F7%3Ftab%3Dspecs",
    );
    expect(await kept(loginPage, "/login", "http://shop.test/parts?Make=Honda")).toBe(
      "/login?redirectTo=%2Fparts%3FMake%3DHonda",
    );
    // From another sign-in page (its header's Register link): that page's way back.
    expect(await kept(registerPage, "/register", "http://shop.test/login?redirectTo=%2Fvehicles%2F7")).toBe(
      "/register?redirectTo=%2Fvehicles%2F7",
    );
    // The address's own redirectTo comes first.
    expect(await answer(loginPage, "/login?redirectTo=%2Ffavorites", "http://shop.test/vehicles/7")).toEqual({
      redirectTo: "/favorites",
      why: null,
      register: "/register?redirectTo=%2Ffavorites",
    });
    // The heart pressed before the page's scripts says why the buyer is asked to sign in; nothing else does.
    expect(await answer(loginPage, "/login?redirectTo=%2Fvehicles%2F7&why=favourite")).toEqual({
      redirectTo: "/vehicles/7",
      why: "favourite",
      register: "/register?redirectTo=%2Fvehicles%2F7&why=favourite",
    });
    // Registering instead keeps the reason, and so does going back to signing in.
    expect(await answer(registerPage, "/register?redirectTo=%2Fvehicles%2F7&why=favourite")).toMatchObject({
      back: "/vehicles/7",
      why: "favourite",
      login: "/login?redirectTo=%2Fvehicles%2F7&why=favourite",
    });
    expect(await answer(loginPage, "/login?redirectTo=%2Fvehicles%2F7&why=%3Cb%3E")).toEqual({
      redirectTo: "/vehicles/7",
      why: null,
      register: "/register?redirectTo=%2Fvehicles%2F7",
    });
    // Another site, a sign-in page without a way back, nonsense or no Referer: the usual page, nothing kept.
    for (const referer of ["http://evil.example/vehicles/7", "http://shop.test/login", "not a url", undefined])
      expect(await answer(registerPage, "/register", referer), String(referer)).toMatchObject({ back: "/vehicles" });
    expect(await answer(loginPage, "/login")).toEqual({ redirectTo: "/account", why: null, register: "/register" });
    expect(await answer(loginPage, "/login?redirectTo=%2F%2Fevil.example")).toEqual({
      redirectTo: "/account",
      why: null,
      register: "/register",
    });
    // A sign-in page however written is no way back: no circle through "/LOGIN" or "/%6Cogin".
    for (const page of ["%2FLOGIN", "%2F%256Cogin", "%2FRegister%3Fx%3D1"])
      expect(await answer(loginPage, `/login?redirectTo=${page}`), page).toEqual({
        redirectTo: "/account",
        why: null,
        register: "/register",
      });
  });

  it("refuses a country not in the list beside the field, keeping the form, and stores nothing", async () => {
    const fields = { ...person, email: "juma@example.tz", country: "Tanzanya Republic", phone: "0712 345 678" };
    const answer = (await run(register, post("/register", fields))) as Refusal;
    expect(answer.init.status).toBe(400);
    expect(englishAll(answer.data.errors)).toEqual({ country: "Choose your country from the list" });
    expect(answer.data.values).toMatchObject({ country: "Tanzanya Republic", phone: "0712 345 678" });
    expect(await t.db.selectFrom("customers").select("id").where("email", "=", "juma@example.tz").execute()).toEqual(
      [],
    );
  });

  it("asks once about a mistyped provider, keeping the form, then registers the address the buyer kept", async () => {
    const fields = { ...person, email: "wanjiru@gmial.com" };
    const asked = (await run(register, post("/register", fields))) as Refusal & {
      data: { emailHint: { typed: string; domain: string; email: string } };
    };
    expect(asked.init.status).toBe(400);
    expect(english(asked.data.error)).toBe("Please check your e-mail address below: it may have a typing mistake");
    expect(asked.data.emailHint).toEqual({ typed: "gmial.com", domain: "gmail.com", email: "wanjiru@gmail.com" });
    expect(asked.data.values).toMatchObject({ email: "wanjiru@gmial.com", fullName: "Grace Wanjiru" });
    const saved = () => t.db.selectFrom("customers").select("email").where("email", "like", "wanjiru@%").execute();
    expect(await saved()).toEqual([]);
    const kept = (await run(register, post("/register", { ...fields, emailKept: "wanjiru@gmial.com" }))) as Response;
    expect(kept.status).toBe(302);
    expect(await saved()).toEqual([{ email: "wanjiru@gmial.com" }]);
  });

  it("stores a misspelt country by its name and a local number with the country's code", async () => {
    const fields = { ...person, email: "amina@example.ke", country: "Kenia", phone: "0712 345 678" };
    expect(((await run(register, post("/register", fields))) as Response).status).toBe(302);
    const row = await t.db
      .selectFrom("customers")
      .select(["country", "phone"])
      .where("email", "=", "amina@example.ke")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ country: "Kenya", phone: "+254 712 345 678" });
  });
});

describe("reset request action", () => {
  it("gives the same answer for a known and an unknown address", async () => {
    const known = (await run(reset, post("/reset-password", { intent: "request", email: "grace@example.ke" }))) as {
      message: Problem;
    };
    const unknown = (await run(reset, post("/reset-password", { intent: "request", email: "nobody@example.ke" }))) as {
      message: Problem;
    };
    expect(english(known.message)).toBe("Password reset email sent. Please check your inbox.");
    expect(unknown.message).toEqual(known.message);
  });

  it("says 'Failed to send reset email. Please try again.' when the request cannot be stored", async () => {
    await t.cleanup();
    const answer = (await run(reset, post("/reset-password", { intent: "request", email: "grace@example.ke" }))) as {
      data: { errors: Record<string, Problem> };
      init: { status: number };
    };
    expect(english(answer.data.errors.form)).toBe("Failed to send reset email. Please try again.");
  });
});
