import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import type { Problem } from "~/i18n/problem";
import type { UploadProblem } from "./tables";

/** An upload's problem in the staff panel's words (admin `messages.`): the line, the column and what to do. */
export function uploadProblemText(p: UploadProblem): Problem {
  switch (p.kind) {
    case "unknown_table":
      return staffText("landed.unknownTable");
    case "no_source":
      return staffText("landed.noSource");
    case "source_too_long":
      return staffText("landed.sourceTooLong");
    case "bad_source_date":
      return staffText(p.reason === "in_future" ? "landed.dateInFuture" : "landed.dateNotDay");
    case "empty_file":
      return staffText("landed.emptyFile");
    case "not_utf8":
      return staffPattern(p.guess === "shift_jis" ? "landed.shiftJis" : "landed.notUtf8", { line: p.line });
    case "unreadable_csv":
      return staffPattern("landed.unreadable", { line: p.line });
    case "missing_column":
      return staffPattern("landed.missingColumn", { column: p.column });
    case "band_backwards":
      return staffPattern("landed.bandBackwards", { line: p.line });
    case "band_overlap":
      return staffPattern("landed.bandOverlap", { line: p.line, other: p.otherLine });
    case "duplicate_key":
      return staffPattern("landed.duplicate", { line: p.line, first: p.firstLine, columns: p.columns.join(", ") });
    case "empty_cell":
    case "not_a_number":
    case "not_a_fuel":
    case "not_a_country":
    case "rate_over_100":
      return staffPattern(`landed.${p.kind}`, { line: p.line, column: p.column, letter: p.letter });
  }
}
