import { type Ref, useRef } from "react";
import { Form, type FormProps } from "react-router";
import { useT } from "~/i18n/i18n";
import { useKeepTyped } from "./keep-typed";

/**
 * A form whose typing survives an ended session (useKeepTyped), under the
 * name `keep` on its page.
 */
export function KeptForm({ keep, ref, children, ...props }: FormProps & { keep: string; ref?: Ref<HTMLFormElement> }) {
  const own = useRef<HTMLFormElement>(null);
  const restored = useKeepTyped(own, keep);
  return (
    <Form
      {...props}
      ref={(node) => {
        own.current = node;
        if (typeof ref === "function") ref(node);
        else if (ref) ref.current = node;
      }}
    >
      {restored ? <KeptNotice /> : null}
      {children}
    </Form>
  );
}

/** Said at the top of a form filled again after signing in: nothing was sent yet. */
export function KeptNotice() {
  const { t } = useT();
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {t("field.keptTyping")}
    </p>
  );
}
