import { describe, expect, it } from "vitest";
import { dealWorldForFile } from "../../../tests/support/deal-world";
import { buyerPages } from "../../../tests/support/buyer-pages";
import { action, loader } from "./find-for-me";

/*
 * "Find one for me" fills in the buyer's chosen port in the page's language
 * (issue 44.6): a Japanese page writes Colombo as コロンボ. The owner's list
 * keeps the port as the freight table names it, so a request sent as filled
 * in reads "Colombo, Sri Lanka" to the owner; words the buyer typed stay theirs.
 */

const w = dealWorldForFile();
const { context } = buyerPages(w, "find-page");

async function portCookie(lang: string) {
  const id = (await w.db.selectFrom("freight_ports").select("id").executeTakeFirstOrThrow()).id;
  return `lang=${lang}; port=${id}`;
}

async function filledIn(cookie: string) {
  const request = new Request("https://shop.example/find", { headers: { Cookie: cookie } });
  return (await loader({ request, context: context(), params: {} } as never)).values.destination;
}

async function send(cookie: string, destination: string, email: string) {
  const { submissionKey } = await loader({
    request: new Request("https://shop.example/find", { headers: { Cookie: cookie } }),
    context: context(),
    params: {},
  } as never);
  const body = new URLSearchParams({
    kind: "vehicle",
    submissionKey,
    make: "Toyota",
    model: "Prius",
    destination,
    name: "Nimal Perera",
    email,
  });
  const request = new Request("https://shop.example/find", {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  const answer = (await action({ request, context: context(), params: {} } as never)) as { ok?: boolean };
  expect(answer.ok).toBe(true);
  return (
    await w.db.selectFrom("find_requests").select("destination").where("email", "=", email).executeTakeFirstOrThrow()
  ).destination;
}

describe("the find-for-me form's port", () => {
  it("is filled in with the chosen port in the page's language, and none when no port is chosen", async () => {
    expect(await filledIn(await portCookie("ja"))).toBe("コロンボ（スリランカ）");
    expect(await filledIn(await portCookie("si"))).toMatch(/^කොළඹ/);
    expect(await filledIn(await portCookie("en"))).toBe("Colombo, Sri Lanka");
    expect(await filledIn("lang=ja")).toBe("");
  });

  it("reaches the owner as the freight table names it when sent as filled in, and as typed otherwise", async () => {
    const cookie = await portCookie("ja");
    expect(await send(cookie, "コロンボ（スリランカ）", "filled@example.com")).toBe("Colombo, Sri Lanka");
    expect(await send(cookie, "ハンバントタ", "typed@example.com")).toBe("ハンバントタ");
  });
});
