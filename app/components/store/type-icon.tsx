import { own } from "~/utils/own";
// Simple side views for the decorative vehicle types on the home page (SPEC 2 "Home").
const SHAPES: Record<string, string> = {
  Sedan: "M4 26 L6 20 Q8 17 13 17 L20 11 Q22 10 26 10 L38 10 Q41 10 44 14 L48 17 Q58 18 60 22 L60 26 Z",
  SUV: "M4 26 L4 17 Q5 14 9 14 L15 8 Q16 7 19 7 L48 7 Q51 7 53 12 L57 14 Q60 15 60 19 L60 26 Z",
  Truck: "M4 26 L4 11 Q4 8 7 8 L20 8 Q22 8 23 11 L24 16 L60 16 L60 26 Z",
  Van: "M4 26 L4 10 Q4 5 9 5 L52 5 Q57 5 58 10 L60 19 L60 26 Z",
  Wagon: "M4 26 L6 19 Q8 16 13 16 L19 10 Q21 9 25 9 L52 9 Q55 9 57 14 L60 17 L60 26 Z",
  Convertible: "M4 26 L6 20 Q8 17 14 17 L22 17 L26 13 L28 17 L50 17 Q58 18 60 22 L60 26 Z",
  "Mini Truck": "M8 26 L8 10 Q8 7 11 7 L22 7 Q24 7 25 10 L25 16 L56 16 L56 26 Z",
  Hatchback: "M6 26 L7 20 Q9 17 14 17 L21 11 Q23 10 27 10 L44 10 Q48 10 51 16 L56 20 L56 26 Z",
  Coupe: "M4 26 L6 21 Q8 18 14 17 L24 11 Q26 10 30 10 L38 10 Q42 10 46 15 L52 17 Q59 18 60 22 L60 26 Z",
  Bus: "M3 26 L3 7 Q3 4 6 4 L58 4 Q61 4 61 7 L61 26 Z",
};

export function TypeIcon({ type }: { type: string }) {
  const path = own(SHAPES, type) ?? SHAPES.Sedan;
  // Its colours and lines are in app.css (.type-icon): the home page shows ten.
  return (
    <svg aria-hidden="true" viewBox="0 0 64 32" className="type-icon">
      <path d={path} />
      <circle cx="16" cy="26" r="4.5" />
      <circle cx="48" cy="26" r="4.5" />
    </svg>
  );
}
