import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issue } from "~/i18n/problem";
import { formInput, parseForm } from "./forms";

const schema = z.object({
  name: z
    .string({ error: issue("validation.required", { label: { key: "fields.name" } }) })
    .min(1, issue("validation.required", { label: { key: "fields.name" } }))
    .max(3, issue("validation.tooLong", { label: { key: "fields.name" }, max: 3 })),
  email: z.email(issue("validation.invalidEmail")),
  tags: z.array(z.string()).default([]),
});

const formOf = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

describe("a form read through its schema", () => {
  it("gives the first problem of each field as a catalogue key with its values, and a problem of no field as the form's", () => {
    const submission = parseForm(
      formOf([
        ["name", "Kamalini"],
        ["email", "x"],
      ]),
      schema,
    );
    expect(submission).toMatchObject({
      status: "error",
      errors: {
        name: { key: "validation.tooLong", values: { label: { key: "fields.name" }, max: 3 } },
        email: { key: "validation.invalidEmail" },
      },
    });
    const whole = z.object({ a: z.string() }).refine(() => false, { message: issue("quote.error") });
    expect(parseForm(formOf([["a", "1"]]), whole)).toMatchObject({ errors: { form: { key: "quote.error" } } });
  });

  it("shows zod's own message as it is, for a check that names no key", () => {
    const bare = z.object({ n: z.string().min(2, "Too short") });
    expect(parseForm(formOf([["n", "x"]]), bare)).toMatchObject({ errors: { n: { key: "Too short" } } });
  });

  it("gives back what was typed, cut to a length, never a password", () => {
    const submission = parseForm(
      formOf([
        ["name", "Kamal"],
        ["email", "x".repeat(6000)],
        ["password", "secret"],
        ["confirmPassword", "secret"],
      ]),
      schema,
    );
    expect(submission.status === "error" && submission.values).toEqual({ name: "Kamal", email: "x".repeat(5000) });
  });

  it("reads a name sent once as its text and a name sent more often as a list", () => {
    const form = formOf([
      ["name", "Kam"],
      ["email", "kam@example.lk"],
      ["tags", "a"],
      ["tags", "b"],
    ]);
    expect(formInput(form)).toEqual({ name: "Kam", email: "kam@example.lk", tags: ["a", "b"] });
    expect(parseForm(form, schema)).toEqual({
      status: "success",
      value: { name: "Kam", email: "kam@example.lk", tags: ["a", "b"] },
    });
  });
});
