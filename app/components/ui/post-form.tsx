import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/**
 * A form that posts its hidden fields (an intent, an id) with its button.
 * With `confirm`, it posts only once the person says yes: for a step that
 * undoes something others rely on.
 */
export function PostForm({
  fields,
  confirm,
  id,
  className,
  children,
}: {
  fields: Record<string, string | number>;
  confirm?: string | null;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      id={id}
      className={className}
      onSubmit={
        confirm
          ? (event) => {
              if (!window.confirm(confirm)) event.preventDefault();
            }
          : undefined
      }
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** The button of a step that undoes something others rely on: outlined in red. */
export function DangerButton({ children }: { children: ReactNode }) {
  return (
    <button type="submit" className="h-10 rounded-lg border border-red-300 px-4 text-sm font-semibold text-red-800">
      {children}
    </button>
  );
}

/** A submit button that cannot be pressed again while the page is sending. */
export function BusyButton({ className, children }: { className: string; children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <button type="submit" disabled={navigation.state !== "idle"} className={className}>
      {children}
    </button>
  );
}
