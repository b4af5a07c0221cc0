import type { StockPath } from "~/domain/inventory/stock-kinds";
import { Link } from "react-router";
import { listSearch, withoutFilter } from "~/domain/search/filters";
import { useT } from "~/i18n/i18n";
import { optionLabel } from "./option-label";

/** The left menu (SPEC 2): all stock, favourites, and every make and type with its count. */
export function StockMenu({
  kind,
  keys,
  makes,
  types,
  current,
}: {
  kind: StockPath;
  keys: readonly string[];
  makes: { name: string; count: number | null }[];
  types: { name: string; count: number | null }[];
  /** The list's filters: a make or type link keeps the others, as its count does. */
  current: Record<string, string | number | undefined>;
}) {
  const { t } = useT("stock");
  const base = `/${kind}`;
  const typeList = kind === "vehicles" ? "bodyType" : "partType";
  const linkClass = (active: boolean) => (active ? "menu-link menu-link-on" : "menu-link");
  // Choosing a make keeps the other filters but the model; a type, all but the subtype (see menuCounts).
  const hrefOf = (param: "Make" | "Type", name: string) =>
    `${base}${listSearch(keys, { filters: { ...withoutFilter(current, param), [param]: name } })}`;
  const section = (title: string, param: "Make" | "Type", list: { name: string; count: number | null }[]) => (
    <div>
      <h3 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="mt-2 space-y-0.5">
        {list.map((item) => (
          <li key={item.name}>
            <Link
              to={hrefOf(param, item.name)}
              className={linkClass(current[param] === item.name)}
              aria-current={current[param] === item.name ? "page" : undefined}
            >
              <span>{param === "Type" ? optionLabel(t, typeList, item.name) : item.name}</span>
              {item.count === null ? null : (
                <span className="menu-count" aria-label={t("menu.inStock", { count: item.count })}>
                  {item.count}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <nav
      aria-label={kind === "vehicles" ? t("menu.browseVehicles") : t("menu.browseParts")}
      className="space-y-6"
      data-testid="stock-menu"
    >
      <ul className="space-y-0.5">
        <li>
          <Link to={base} className={linkClass(!current.Make && !current.Type)}>
            {kind === "vehicles" ? t("menu.allVehicles") : t("menu.allParts")}
          </Link>
        </li>
        <li>
          <Link to="/favorites" className={linkClass(false)}>
            {t("menu.favorites")}
          </Link>
        </li>
      </ul>
      {section(t("menu.make"), "Make", makes)}
      {section(t("menu.type"), "Type", types)}
    </nav>
  );
}
