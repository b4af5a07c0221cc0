import { z } from "zod";
import { issue, type Problem } from "~/i18n/problem";

/*
 * The checks the buyer forms share (SPEC 5), each refusal a key of the
 * `messages` catalogue, whose English is SPEC's sentence. Browser-safe.
 */

/** A field's name in the `messages` catalogue (`fields.fullName`: "Full name"). */
export const fieldName = (name: string): Problem => ({ key: `fields.${name}` });

export const required = (label: string) => issue("validation.required", { label: fieldName(label) });
export const tooLong = (label: string, max: number) => issue("validation.tooLong", { label: fieldName(label), max });

/** A text the buyer must fill, trimmed, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, tooLong(label, max));

export const PHONE_PATTERN = /^[+0-9 ()-]{5,30}$/;
export const INVALID_PHONE = issue("validation.invalidPhone");
export const INVALID_EMAIL = issue("validation.invalidEmail");
