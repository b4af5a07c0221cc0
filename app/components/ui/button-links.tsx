import { Link } from "react-router";

/**
 * Links drawn as buttons, side by side (centred unless told): the first is the way most take, the others
 * plain. Where a page ends (not found, not signed in, About), so the buyer always has a way on.
 */
export function ButtonLinks({
  links,
  className = "mt-6",
  centred = true,
}: {
  links: { to: string; label: string }[];
  className?: string;
  centred?: boolean;
}) {
  return (
    <div className={`${className} flex flex-wrap gap-3 ${centred ? "justify-center" : ""}`}>
      {links.map((link, i) => (
        <Link key={link.to} to={link.to} className={`${i === 0 ? "btn-accent" : "btn-plain"} px-5 py-3`}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
