import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storedSubmissionKey } from "~/domain/quotes/quotes.server";
import { withShopDb } from "../support/browser";
import { RUNS, value, overLimit, post, answersCleanly, tag, mine, setUpFuzzFixtures } from "../support/fuzz";

setUpFuzzFixtures();

describe("fuzzing the quote forms", () => {
  for (const kind of ["vehicle", "part"] as const) {
    it(`${kind} quote form: ${RUNS} forms; a quote is stored exactly when the answer says it was sent`, async () => {
      const itemId = kind === "vehicle" ? mine.vehicle : mine.part;
      const page = `/${kind === "vehicle" ? "vehicles" : "parts"}/${itemId}`;
      const random = fc.record({
        kind: fc.oneof(fc.constant(kind), value),
        itemId: fc.oneof(fc.constant(String(itemId)), value),
        submissionKey: fc.oneof(fc.uuid(), value),
        name: value,
        country: value,
        email: fc.oneof(value, fc.emailAddress()),
        phone: fc.oneof(value, fc.constant("+94 77 123 4567")),
        message: fc.oneof(value, fc.constant("Price to Colombo, please.")),
        portId: fc.option(fc.oneof(fc.constant(""), value), { nil: undefined }),
        contactMethods: fc.array(fc.oneof(fc.constantFrom("Viber", "LINE", "WhatsApp"), value), { maxLength: 5 }),
      });
      const right = fc.record({
        kind: fc.constant(kind),
        itemId: fc.constant(String(itemId)),
        submissionKey: fc.uuid(),
        name: fc.constantFrom("Li Wei", "Amara Okafor", "<b>Bold</b> buyer"),
        country: fc.constantFrom("China", "Kenya"),
        // Mostly new addresses; one address used again and again meets the limit per address (8 an hour).
        email: fc.oneof(
          { weight: 4, arbitrary: fc.uuid().map((u) => `quote-${u.slice(0, 8)}${u.slice(-6)}@example.com`) },
          { weight: 1, arbitrary: fc.constant(`again-${kind}-${tag}@example.com`) },
        ),
        phone: fc.constant("+254 700 000000"),
        message: fc.string({ minLength: 1, maxLength: 500 }).map((m) => `Price to Mombasa? ${m}`),
        portId: fc.constant(undefined),
        contactMethods: fc.subarray(["Viber", "LINE", "WhatsApp"]),
      });
      const fields = fc.oneof({ arbitrary: right, weight: 1 }, { arbitrary: random, weight: 2 });
      const seen = { sent: 0, limited: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async (f) => {
          const countFor = () =>
            withShopDb(async (db) =>
              Number(
                (
                  await db
                    .selectFrom("quotes")
                    .select((eb) => eb.fn.countAll<number>().as("n"))
                    .where(
                      "submission_key",
                      "=",
                      storedSubmissionKey({
                        submissionKey: String(f.submissionKey),
                        email: String(f.email),
                        kind,
                        itemId,
                      }),
                    )
                    .executeTakeFirstOrThrow()
                ).n,
              ),
            );
          const before = await countFor();
          const r = await post(page, f);
          answersCleanly(r);
          const after = await countFor();
          // The answer names the new quote's number (the bare sentence is also in the page's catalogue).
          const sent = /Your quote number is \d{10}/.test(r.body);
          expect(after - before).toBe(sent && before === 0 ? 1 : 0);
          if (sent) {
            seen.sent++;
            expect(r.status).toBe(200);
          }
          if (r.status === 429) seen.limited++;
          if (overLimit(f)) expect(r.status).toBe(413);
        }),
        { numRuns: RUNS },
      );
      // The property was tried on real successes and on the limit too, not only on refusals.
      expect(seen.sent).toBeGreaterThan(20);
      expect(seen.limited).toBeGreaterThan(0);
    }, 600_000);
  }
});
