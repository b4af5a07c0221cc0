import { Link } from "react-router";

/** The ways on under a sign-in form (register, forgot password, back to login), spread across its foot. */
export function AuthLinks({ links }: { links: { to: string; text: string }[] }) {
  return (
    <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="font-semibold text-accent-700 hover:underline">
          {link.text}
        </Link>
      ))}
    </div>
  );
}
