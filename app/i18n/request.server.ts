import type { TFunction } from "./core";
import { COOKIES, readCookie } from "~/utils/cookies";
import { serverCatalogue } from "./catalogues.server";
import { i18nFor, type Namespace } from "./core";
import { isLanguage, LANGUAGE_PARAM, languageFromAcceptLanguage, type LanguageCode } from "./languages";

/**
 * The language of a request: a language link (?lng=si, what search engines
 * follow), then the visitor's choice (cookie), then what the browser asks for
 * (Accept-Language), then English.
 */
export function requestLanguage(request: Request): LanguageCode {
  const fromLink = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  if (isLanguage(fromLink)) return fromLink;
  const chosen = readCookie(request.headers.get("Cookie"), COOKIES.language.name);
  if (isLanguage(chosen)) return chosen;
  return languageFromAcceptLanguage(request.headers.get("Accept-Language")) ?? "en";
}

/** Translate on the server (mails, messages written by actions). */
export function serverT<NS extends Namespace = "common">(
  language: LanguageCode,
  ns: NS = "common" as NS,
): TFunction<NS> {
  return i18nFor(serverCatalogue(language)).getFixedT(language, ns);
}
