import type { LoaderFunctionArgs } from "react-router";
import { getServices } from "~/context.server";
import type { LanguageCode } from "~/i18n/languages";
import type { Company } from "~/domain/settings/company";
import { getCompany } from "~/domain/settings/company.server";
import { requestLanguage } from "~/i18n/request.server";

/** A buying-guide page (How to buy, FAQ): made in the buyer's language from the owner's company details. */
export async function loadGuidePage<P>(
  { request, context }: LoaderFunctionArgs,
  page: (language: LanguageCode, company: Company, shopName: string) => P,
): Promise<P> {
  const { db, config } = getServices(context);
  const company = await getCompany(db, config.shop);
  return page(requestLanguage(request), company, config.shop.name);
}
