/**
 * Runs a save that a check has found free (no such port, no such country),
 * answering `refusal` when a unique index refuses it all the same: two saves
 * at once both pass the check, and the second is told what the check says.
 */
export async function refusingDuplicates<T>(save: () => Promise<T>, refusal: T): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (/unique|duplicate/i.test(String(error))) return refusal;
    throw error;
  }
}
