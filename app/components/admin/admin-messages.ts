import type { TFunction } from "~/i18n/core";
import { useCallback } from "react";
import english from "~/i18n/locales/en/admin.json";
import { useT } from "~/i18n/i18n";

/*
 * Messages the server writes in English (validation from inventory.schema,
 * upload and quote services) are shown to the staff in their language. The
 * English text is looked up among the English catalogue's values, then
 * matched against the sentence patterns the server builds; anything unknown
 * is shown as it came.
 */

type Translate = (key: string, values?: Record<string, string | number>) => string;

type Group = Record<string, string>;

/** English value → key, for one group of the English catalogue. */
function reverse(group: Group, prefix: string): Map<string, string> {
  return new Map(Object.entries(group).map(([key, text]) => [text, `${prefix}.${key}`]));
}

const TEXTS = reverse(english.messages.text, "messages.text");
const FIELDS = reverse(english.messages.fieldNames, "messages.fieldNames");
const CHOICES = reverse(english.messages.choices, "messages.choices");
const STATUSES = reverse(english.quoteStatus, "quoteStatus");

function known(map: Map<string, string>, text: string, t: Translate): string | null {
  const key = map.get(text);
  return key ? t(key) : null;
}

/** A quote status as the server writes it ("pending") → its label. */
function status(value: string, t: Translate): string | null {
  return known(STATUSES, value.charAt(0).toUpperCase() + value.slice(1), t);
}

/** A file name the server gives, or its "An image" stand-in. */
function fileName(name: string, t: Translate): string {
  return name === english.messages.anImage ? t("messages.anImage") : name;
}

type Rule = [RegExp, (m: RegExpExecArray, t: Translate) => string | null];

/** A failure sentence followed by its reason, which is translated in turn. */
const withReason = (pattern: RegExp, key: string): Rule => [
  pattern,
  (m, t) => {
    const reason = translate(m[1]!, t);
    return reason === null ? null : t(`messages.pattern.${key}`, { reason });
  },
];

const RULES: Rule[] = [
  withReason(/^Upload failed: (.+)$/s, "uploadFailed"),
  withReason(/^Image upload failed: (.+)$/s, "imageUploadFailed"),
  withReason(/^Upload failed\. (.+)$/s, "editUploadFailed"),
  withReason(/^Image upload failed\. (.+)$/s, "editImageUploadFailed"),
  [
    // A photo's own problem: "{file name}: {reason}".
    /^(.+): ([^:]+)$/s,
    (m, t) => {
      const reason = known(TEXTS, m[2]!, t);
      return reason === null ? null : t("messages.pattern.fileProblem", { name: fileName(m[1]!, t), reason });
    },
  ],
  [
    /^(.+) is required$/,
    (m, t) => {
      const field = known(FIELDS, m[1]!, t);
      return field === null ? null : t("messages.pattern.required", { field });
    },
  ],
  [
    /^(.+) must be at most ([\d,]+) characters$/,
    (m, t) => {
      const field = known(FIELDS, m[1]!, t);
      return field === null ? null : t("messages.pattern.maxLength", { field, max: m[2]! });
    },
  ],
  [
    /^(.+) must be a whole number$/,
    (m, t) => {
      const field = known(FIELDS, m[1]!, t);
      return field === null ? null : t("messages.pattern.wholeNumber", { field });
    },
  ],
  [
    /^(.+) must be at most ([\d,]+)$/,
    (m, t) => {
      const field = known(FIELDS, m[1]!, t);
      return field === null ? null : t("messages.pattern.maxNumber", { field, max: m[2]! });
    },
  ],
  [/^Choose a (.+) model from the list$/, (m, t) => t("messages.pattern.chooseModel", { make: m[1]! })],
  [
    /^Choose a (.+) from the list$/,
    (m, t) => {
      const choice = known(CHOICES, m[1]!, t);
      return choice === null ? null : t("messages.pattern.chooseFromList", { choice });
    },
  ],
  [/^Year must be from (\d+) to (\d+)$/, (m, t) => t("messages.pattern.yearRange", { first: m[1]!, last: m[2]! })],
  [
    /^Year founded must be from (\d+) to (\d+)$/,
    (m, t) => t("messages.pattern.foundedRange", { first: m[1]!, last: m[2]! }),
  ],
  ...(
    [
      ["quote", "cannotMove"],
      ["find request", "cannotMoveFind"],
    ] as const
  ).map(([what, key]): Rule => [
    new RegExp(`^A (\\w+) ${what} cannot be marked (\\w+)\\.$`),
    (m, t) => {
      const from = status(m[1]!, t);
      const to = status(m[2]!, t);
      return from === null || to === null ? null : t(`messages.pattern.${key}`, { from, to });
    },
  ]),
  [
    /^The upload is too large: at most (\d+) images of 5 MB each\.$/,
    (m, t) => t("messages.pattern.uploadTooLarge", { max: m[1]! }),
  ],
  [/^At most (\d+) images per upload\.$/, (m, t) => t("messages.pattern.tooManyFiles", { max: m[1]! })],
  [/^(.+) is larger than 5 MB\.$/s, (m, t) => t("messages.pattern.fileTooLarge", { name: fileName(m[1]!, t) })],
  [/^The field (.+) is too long\.$/s, (m, t) => t("messages.pattern.fieldTooLong", { name: m[1]! })],
];

/** The message in the catalogue's language, or null when it is not one we know. */
function translate(message: string, t: Translate): string | null {
  const text = known(TEXTS, message, t);
  if (text !== null) return text;
  for (const [pattern, render] of RULES) {
    const m = pattern.exec(message);
    if (m) {
      const out = render(m, t);
      if (out !== null) return out;
    }
  }
  return null;
}

/** A server message in the staff's language; English, and anything unknown, unchanged. */
export function localizeAdminMessage(message: string, t: TFunction | Translate, language: string): string {
  if (language === "en" || !message) return message;
  return translate(message, t as Translate) ?? message;
}

/** In a component: `const m = useAdminMessage(); m(actionData?.message)`. */
export function useAdminMessage() {
  const { t, i18n } = useT("admin");
  const language = i18n.language;
  return useCallback(
    <T extends string | null | undefined>(message: T): T =>
      (typeof message === "string" ? localizeAdminMessage(message, t, language) : message) as T,
    [t, language],
  );
}
