import { useNavigation } from "react-router";
import { EditorForm, saveButtonClass, SettingsCard } from "~/components/admin/settings-editor";
import { FormMessage } from "~/components/ui/field";
import { type Key, type TFunction, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";

/*
 * The frame of an owner's settings screen (company, freight, templates,
 * import rules, feeds, invoicing, security, rates): its title and what it is
 * for, the word a save came back with, then its cards.
 */

/** A settings screen's card. */
export const settingsCard = "rounded-xl border border-slate-200 bg-white p-6";

export function SettingsScreen({
  width = "max-w-4xl",
  title,
  intro,
  saved,
  children,
}: {
  /** Wider for a table, narrower for a few short forms. */
  width?: "max-w-3xl" | "max-w-4xl" | "max-w-5xl";
  title: string;
  intro: React.ReactNode;
  /** What the last save said (?saved=), when the page was sent back after one. */
  saved?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className={`${width} space-y-6`}>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 max-w-3xl text-slate-600">{intro}</p>
      </div>
      {saved ? <FormMessage tone="success">{saved}</FormMessage> : null}
      {children}
    </div>
  );
}

/** What every staff screen draws with: the panel's words, its problems' words, and whether a form is being sent. */
export function useSettingsScreen() {
  const { t } = useT("admin");
  const { message, errors } = useProblems("admin");
  const busy = useNavigation().state === "submitting";
  return { t, m: message, texts: errors, busy };
}

/** The labels that name a settings row for a screen reader, by screen. */
const ROW_LABELS = {
  freight: { edit: "freight.editPort", remove: "freight.deletePort" },
  importRules: { edit: "importRules.editRule", remove: "importRules.deleteRule" },
  templates: { edit: "templates.editLabel", remove: "templates.deleteLabel" },
} as const satisfies Record<string, { edit: Key<"admin">; remove: Key<"admin"> }>;

/** The words of a row's Edit and Delete (RowActions), each naming the row (`{ port }`, `{ country }`, `{ name }`). */
export function rowWords(t: TFunction<"admin">, screen: keyof typeof ROW_LABELS, row: Record<string, string>) {
  return {
    edit: t(`${screen}.edit`),
    editLabel: t(ROW_LABELS[screen].edit, row),
    remove: t(`${screen}.delete`),
    removeLabel: t(ROW_LABELS[screen].remove, row),
    confirm: t(`${screen}.confirmDelete`, row),
  };
}

/** A settings form's main button; `size="base"` where it stands under a table of larger text. */
export function SaveButton({
  busy,
  size = "sm",
  children,
  ...rest
}: {
  busy: boolean;
  size?: "sm" | "base";
  children: React.ReactNode;
  name?: string;
  value?: string;
}) {
  const className = size === "sm" ? saveButtonClass : saveButtonClass.replace(" text-sm", "");
  return (
    <button type="submit" disabled={busy} className={className} {...rest}>
      {children}
    </button>
  );
}

/** A settings screen's second button (upload, set up, cancel), beside or under its main one. */
export function SecondaryButton({
  busy,
  children,
  ...rest
}: {
  busy: boolean;
  children: React.ReactNode;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
      {...rest}
    >
      {children}
    </button>
  );
}

/** A settings screen's add-or-edit card (`id`, where Edit links scroll to): its form posts add, or update. */
export function EditorCard({
  id,
  title,
  editingId,
  testId,
  error,
  className,
  children,
  after,
}: {
  id: string;
  title: string;
  /** The row open in the form; null for a new one. */
  editingId: number | null;
  testId: string;
  error: string | undefined;
  className: string;
  children: React.ReactNode;
  /** What the card says under the form. */
  after?: React.ReactNode;
}) {
  return (
    <SettingsCard className={className} titleId={`${id}-title`} id={id} title={title}>
      <EditorForm editingId={editingId} testId={testId} error={error}>
        {children}
      </EditorForm>
      {after}
    </SettingsCard>
  );
}
