import { type RefObject, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import {
  forgetKept,
  forgetStale,
  isResumed,
  isTurnedAway,
  keptKey,
  readKept,
  type TypedFields,
  withoutResume,
  writeKept,
} from "~/utils/kept-typing";

/**
 * Keeps what is typed into the form at `formRef` in this tab while it is
 * being written, and fills it in again when the page is reached back from
 * signing in after the form was turned away for an ended session. The page's
 * answer to the form (a refusal, or the form done) forgets it, as does any
 * other visit to the page. Without scripts the form works as before.
 * Whether the form was filled again, for the form to say so.
 */
export function useKeepTyped(formRef: RefObject<HTMLFormElement | null>, name: string): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const sent = useRef(false);
  const key = keptKey(location.pathname, name);
  const arrivedAt = useRef(location.search);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const store = window.sessionStorage;
    forgetStale(store, Date.now());
    const kept = isResumed(arrivedAt.current) ? readKept(store, key, Date.now()) : null;
    // Only the form that was sent and turned away: another form on the page left half-typed is not it.
    if (kept?.sent) {
      fill(form, kept.fields);
      // A change form folded away is opened, so the buyer sees their words are back.
      const folded = form.closest("details");
      if (folded) folded.open = true;
      form.dispatchEvent(new Event("input", { bubbles: true }));
      setRestored(true);
    } else {
      forgetKept(store, key);
    }
    if (isResumed(arrivedAt.current)) {
      void navigate(
        { search: withoutResume(arrivedAt.current), hash: window.location.hash },
        { replace: true, preventScrollReset: true },
      );
    }
    const keep = () => writeKept(store, key, typed(form), Date.now());
    const onSubmit = () => {
      writeKept(store, key, typed(form), Date.now(), true);
      sent.current = true;
    };
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("input", keep);
      form.removeEventListener("change", keep);
      form.removeEventListener("submit", onSubmit);
      // Sent, and the page's answer took the form away: done with, unless the answer was to sign in again.
      if (sent.current && !isTurnedAway(window.location.search)) forgetKept(store, key);
    };
  }, [formRef, key, navigate]);

  // The page answered the form here (had the session ended, this page would have been left for the
  // sign-in page before the answer): what was typed is now in the answer or done with.
  useEffect(() => {
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    forgetKept(window.sessionStorage, key);
    setRestored(false);
  }, [navigation.state, key]);
  return restored;
}

const NOT_KEPT = new Set(["password", "file", "hidden", "submit", "button", "reset", "image"]);
const SECRET_AUTOCOMPLETE = new Set(["current-password", "new-password", "one-time-code"]);

/**
 * The fields kept: never a password (even one shown as text with its Show
 * button), a code, a file, or a field marked data-keep="no".
 */
function fields(form: HTMLFormElement): (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)[] {
  return Array.from(form.elements).filter(
    (el): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
      el.name !== "" &&
      !NOT_KEPT.has(el.type) &&
      !SECRET_AUTOCOMPLETE.has(el.getAttribute("autocomplete") ?? "") &&
      !/password|secret|token|code$/i.test(el.name) &&
      el.dataset.keep !== "no",
  );
}

function ticks(el: Element): el is HTMLInputElement {
  return el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");
}

function typed(form: HTMLFormElement): TypedFields {
  const out: TypedFields = {};
  for (const el of fields(form)) {
    if (ticks(el)) out[`${el.name}=${el.value}`] = el.checked;
    else if (!(el.name in out)) out[el.name] = el.value;
  }
  return out;
}

function fill(form: HTMLFormElement, kept: TypedFields): void {
  for (const el of fields(form)) {
    const value = ticks(el) ? kept[`${el.name}=${el.value}`] : kept[el.name];
    if (ticks(el) && typeof value === "boolean") el.checked = value;
    else if (!ticks(el) && typeof value === "string") el.value = value;
  }
}
