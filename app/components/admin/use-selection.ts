import { useState } from "react";

/**
 * The rows ticked in an admin table. A deletion that succeeded clears it
 * (SPEC 4: "Deletion removes the selected records and clears the selection");
 * one that failed keeps it, so the owner can try again.
 */
export function useSelection<Id>(result: { ok: boolean } | undefined) {
  const [selected, setSelected] = useState<Id[]>([]);
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    if (result?.ok) setSelected([]);
  }
  return [selected, setSelected] as const;
}
