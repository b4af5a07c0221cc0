import { Form, Link, useLocation } from "react-router";
import { FormMessage } from "~/components/ui/field";

/*
 * What the owner's settings screens are made of (freight, reply templates,
 * import rules, company): a titled card, a list whose rows each have Edit and
 * Delete, and an add-or-edit form that ends in Save and Cancel. Every form
 * works without JavaScript: Edit is a link (?edit=<id>), Delete a form.
 */

/** The main button of a settings form. */
export const saveButtonClass =
  "h-11 rounded-lg bg-accent-700 px-5 text-sm font-semibold text-white hover:bg-accent-800 disabled:opacity-60";

/** A card of a settings screen, named by its title. */
export function SettingsCard({
  titleId,
  title,
  id,
  className,
  children,
}: {
  titleId: string;
  title: string;
  /** Where an Edit link scrolls to. */
  id?: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={titleId} id={id}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The Edit and Delete of a row, sized for where the row stands. */
const ROW_LOOKS = {
  /** A table's cell, whose text is small already. */
  table: {
    row: "flex justify-end gap-2",
    edit: "rounded-md px-2 py-1 font-semibold text-accent-700 hover:bg-accent-50",
    remove: "rounded-md px-2 py-1 font-semibold text-red-700 hover:bg-red-50",
  },
  list: {
    row: "flex shrink-0 gap-2",
    edit: "rounded-md px-2 py-1 text-sm font-semibold text-accent-700 hover:bg-accent-50",
    remove: "rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50",
  },
  /** Buttons a finger can hit (44 px). */
  tall: {
    row: "flex shrink-0 gap-2 text-sm",
    edit: "inline-flex h-11 items-center rounded-md px-3 font-semibold text-accent-700 hover:bg-accent-50",
    remove: "h-11 rounded-md px-3 font-semibold text-red-700 hover:bg-red-50",
  },
};

/** Edit (a link to the form) and Delete (asks first, then posts `intent=delete` with the row's id). */
export function RowActions({
  look,
  id,
  editTo,
  current,
  action,
  words,
}: {
  look: keyof typeof ROW_LOOKS;
  id: number;
  editTo: string;
  /** The row open in the form. */
  current?: boolean;
  /** Where Delete posts, when not to this page's address. */
  action?: string;
  words: { edit: string; editLabel: string; remove: string; removeLabel: string; confirm: string };
}) {
  const classes = ROW_LOOKS[look];
  return (
    <div className={classes.row}>
      <Link
        to={editTo}
        className={classes.edit}
        aria-label={words.editLabel}
        aria-current={current ? "true" : undefined}
      >
        {words.edit}
      </Link>
      <Form
        method="post"
        action={action}
        onSubmit={(event) => {
          if (!confirm(words.confirm)) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className={classes.remove} aria-label={words.removeLabel}>
          {words.remove}
        </button>
      </Form>
    </div>
  );
}

/**
 * The add-or-edit form of a settings screen: it posts `intent` add, or update with the row's `id`.
 * A new address (after saving) starts it empty; a refusal keeps what was typed, under its message.
 */
export function EditorForm({
  editingId,
  testId,
  error,
  children,
}: {
  /** The row open in the form; null for a new one. */
  editingId: number | null;
  testId: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  const location = useLocation();
  return (
    <Form
      method="post"
      className="mt-4 space-y-4"
      noValidate
      key={`${editingId ?? "new"}:${location.key}`}
      data-testid={testId}
    >
      <input type="hidden" name="intent" value={editingId === null ? "add" : "update"} />
      {editingId === null ? null : <input type="hidden" name="id" value={editingId} />}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {children}
    </Form>
  );
}

/** Save (or Add, for a new row) and, while a row is open, Cancel back to the page without it. */
export function EditorButtons({
  editing,
  busy,
  save,
  add,
  cancel,
  cancelTo,
}: {
  editing: boolean;
  busy: boolean;
  save: string;
  add: string;
  cancel: string;
  cancelTo: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" disabled={busy} className={saveButtonClass}>
        {editing ? save : add}
      </button>
      {editing ? (
        <Link
          to={cancelTo}
          className="inline-flex h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {cancel}
        </Link>
      ) : null}
    </div>
  );
}
