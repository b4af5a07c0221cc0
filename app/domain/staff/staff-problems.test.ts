import { describe, expect, it } from "vitest";
import {
  COLORS,
  FUELS,
  PART_CONDITIONS,
  PART_SUB_TYPES,
  STEERING,
  TRANSMISSIONS,
  VEHICLE_SUB_TYPES,
} from "~/domain/inventory/catalogue";
import { partUploadSchema, vehicleUploadSchema } from "~/domain/inventory/inventory.schema";
import { companySchema, LICENCE_FORMAT } from "~/domain/settings/company";
import { i18nFor } from "~/i18n/i18n";
import en from "~/i18n/locales/en/admin.json";
import ja from "~/i18n/locales/ja/admin.json";
import { optionKey } from "~/components/admin/admin-options";
import { type Problem, problem, problemText, readIssue } from "~/i18n/problem";
import { UploadError } from "~/domain/media/multipart.server";
import { photoRefused } from "~/domain/stock-io/stock-upload.server";
import { MediaError } from "~/domain/media/media-store.server";
import {
  editImageUploadFailed,
  editUploadFailed,
  imageUploadFailed,
  uploadFailed,
} from "~/domain/inventory/inventory.schema";
import { PRODUCT_NOT_FOUND, TOO_MANY_IMAGES } from "~/domain/stock-io/stock-edit.server";
import { english } from "../../../tests/support/english";
import {
  maxLengthIssue,
  patternIssue,
  requiredIssue,
  staffChoice,
  staffField,
  staffPattern,
  staffText,
} from "./staff-problems";

const jaT = i18nFor({ language: "ja", version: "staff-problems-ja", resources: { admin: ja } }).getFixedT(
  "ja",
  "admin",
);
const enT = i18nFor({ language: "en", version: "staff-problems-en", resources: { admin: en } }).getFixedT(
  "en",
  "admin",
);
/** A Problem, or a zod message carrying one, as the staff read it in Japanese. */
const inJapanese = (found: Problem | string) => problemText(jaT, typeof found === "string" ? readIssue(found) : found);
const status = (name: string) => problem(`messages.statusNames.${name}`);

describe("server messages in the staff's language", () => {
  it("says in English what the server said before, word for word", () => {
    expect(problemText(enT, readIssue(requiredIssue("name")))).toBe("Name is required");
    expect(english(staffPattern("cannotMove", { from: status("pending"), to: status("closed") }))).toBe(
      "A pending quote cannot be marked closed.",
    );
    expect(english(photoRefused(new MediaError("size"), "").message)).toBe("An image: Image is larger than 25 MB.");
  });

  it("knows the Company screen's messages (issue 18.8)", () => {
    const company = companySchema(new Date("2026-06-01T00:00:00Z"));
    const messages = company
      .safeParse({
        legalName: "",
        corporateNumber: "12",
        licenceNumber: "4512",
        licenceIssuer: "x".repeat(81),
        memberships: "",
        foundedYear: "1850",
        phone: "phone",
        whatsapp: "",
        email: "nope",
        address: "",
      })
      .error!.issues.map((issue) => readIssue(issue.message));
    const translated = messages.map(inJapanese);
    // Every message the Company screen can show has its Japanese text.
    expect(translated.filter((text, i) => text === english(messages[i]!))).toEqual([]);
    expect(inJapanese(LICENCE_FORMAT)).toBe(
      "古物商許可番号は許可証どおりの12桁の数字で入力してください（例: 451230001234）",
    );
    expect(inJapanese(patternIssue("foundedRange", { first: 1900, last: 2026 }))).toBe(
      "創業年は1900年から2026年までで入力してください",
    );
    expect(inJapanese(requiredIssue("companyName"))).toBe("会社名は必須です");
  });

  it("knows whole messages and the sentences the server builds", () => {
    expect(inJapanese(PRODUCT_NOT_FOUND)).toBe("商品が見つかりません");
    expect(inJapanese(TOO_MANY_IMAGES)).toBe("画像は最大12枚までです。");
    expect(inJapanese(requiredIssue("name"))).toBe("商品名は必須です");
    expect(inJapanese(maxLengthIssue("partNumber", 60))).toBe("品番は60文字以内で入力してください");
    expect(inJapanese(patternIssue("maxNumber", { field: staffField("mileage"), max: "2,000,000" }))).toBe(
      "走行距離は2,000,000以下で入力してください",
    );
    expect(inJapanese(patternIssue("chooseFromList", { choice: staffChoice("seats") }))).toBe(
      "リストから乗車定員を選んでください",
    );
    expect(inJapanese(patternIssue("chooseModel", { make: "Toyota" }))).toBe("リストからToyotaの車種を選んでください");
    expect(inJapanese(patternIssue("yearRange", { first: 1980, last: 2026 }))).toBe(
      "年式は1980年から2026年までで選んでください",
    );
    expect(inJapanese(staffPattern("cannotMove", { from: status("pending"), to: status("closed") }))).toBe(
      "「未対応」の見積もり依頼を「完了」にすることはできません。",
    );
    expect(inJapanese(staffPattern("cannotMoveFind", { from: status("pending"), to: status("closed") }))).toBe(
      "「未対応」のお探し依頼を「完了」にすることはできません。",
    );
    expect(inJapanese(staffText("findRequestNotFound"))).toBe("お探し依頼が見つかりません。");
    expect(inJapanese(uploadFailed(staffText("priceRequired")))).toBe("アップロードに失敗しました：価格は必須です");
    expect(inJapanese(uploadFailed(photoRefused(new MediaError("size"), "car.jpg").message))).toBe(
      "アップロードに失敗しました：car.jpg：画像が25MBを超えています。",
    );
    expect(inJapanese(uploadFailed(staffPattern("fileTooLarge", { name: problem("messages.anImage") })))).toBe(
      "アップロードに失敗しました：画像 は25MBを超えています。",
    );
    expect(inJapanese(uploadFailed(staffPattern("tooManyFiles", { max: 10 })))).toBe(
      "アップロードに失敗しました：1回にアップロードできる画像は最大10枚です。",
    );
    expect(inJapanese(imageUploadFailed(photoRefused(new MediaError("size"), "car.jpg").message))).toBe(
      "画像のアップロードに失敗しました：car.jpg：画像が25MBを超えています。",
    );
    expect(inJapanese(editImageUploadFailed(photoRefused(new MediaError("format"), "car.jpg").message))).toBe(
      "画像のアップロードに失敗しました。car.jpg：JPG、PNG、WebP形式の画像のみ受け付けています。",
    );
    expect(inJapanese(editUploadFailed(new UploadError(staffText("uploadCutOff")).problem))).toBe(
      "アップロードに失敗しました。アップロードが途中で切れました。もう一度お試しください。",
    );
  });

  it("shows a message it does not know as it came", () => {
    expect(inJapanese("Something nobody wrote down")).toBe("Something nobody wrote down");
  });

  it("translates every message the stock forms' own rules give", () => {
    const blank = { make: "Nope", model: "x", type: "Nope", subType: "x", year: "20", price: "-1" };
    const long = {
      name: "x".repeat(300),
      refId: "bad id!",
      mileage: "9999999",
      fuel: "steam",
      description: "x".repeat(6000),
    };
    const issues = [
      ...vehicleUploadSchema().safeParse({ ...blank, ...long }).error!.issues,
      ...vehicleUploadSchema().safeParse({}).error!.issues,
      ...vehicleUploadSchema().safeParse({ make: "Toyota", model: "Nope", year: "1970", price: "1" }).error!.issues,
      ...partUploadSchema().safeParse({ ...blank, ...long, quantity: "many" }).error!.issues,
      ...partUploadSchema().safeParse({ refId: "", name: "", make: "", model: "", type: "", subType: "", price: "" })
        .error!.issues,
    ].filter((i) => i.code === "custom" || !/^(Invalid|Too small|Too big)/.test(i.message));
    expect(issues.length).toBeGreaterThan(10);
    for (const issue of issues) {
      const said = english(issue.message);
      expect(said, issue.message).not.toMatch(/^messages\.|\{\{/);
      expect(inJapanese(issue.message), said).not.toBe(said);
    }
  });
});

describe("option labels", () => {
  it("every option value of the stock forms has its label in the catalogue", () => {
    const groups: [keyof typeof en.options, readonly string[]][] = [
      ["fuel", FUELS],
      ["transmission", TRANSMISSIONS],
      ["steering", STEERING],
      ["color", COLORS],
      ["condition", PART_CONDITIONS],
      ["vehicleType", Object.keys(VEHICLE_SUB_TYPES)],
      ["vehicleSubType", Object.values(VEHICLE_SUB_TYPES).flat()],
      ["partType", Object.keys(PART_SUB_TYPES)],
      ["partSubType", Object.values(PART_SUB_TYPES).flat()],
    ];
    for (const [group, values] of groups) {
      const labels = en.options[group] as Record<string, string>;
      for (const value of values) {
        const label = labels[optionKey(value)];
        expect(label, `${group} ${value}`).toBeDefined();
        // English shows what it showed before: the value, capitalised.
        expect(label).toBe(value.charAt(0).toUpperCase() + value.slice(1));
      }
    }
  });
});
