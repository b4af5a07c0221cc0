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
import { localizeAdminMessage } from "./admin-messages";
import { optionKey } from "./admin-options";

const jaT = i18nFor({ language: "ja", version: "test-ja", resources: { admin: ja } }).getFixedT("ja", "admin");
const enT = i18nFor({ language: "en", version: "test-en", resources: { admin: en } }).getFixedT("en", "admin");
const inJapanese = (message: string) => localizeAdminMessage(message, jaT, "ja");

describe("server messages in the staff's language", () => {
  it("leaves English as it is", () => {
    expect(localizeAdminMessage("Name is required", enT, "en")).toBe("Name is required");
    expect(localizeAdminMessage("Something new", enT, "en")).toBe("Something new");
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
      .error!.issues.map((issue) => issue.message);
    const translated = messages.map(inJapanese);
    // Every message the Company screen can show has its Japanese text.
    expect(translated.filter((text, i) => text === messages[i])).toEqual([]);
    expect(inJapanese(LICENCE_FORMAT)).toBe(
      "古物商許可番号は許可証どおりの12桁の数字で入力してください（例: 451230001234）",
    );
    expect(inJapanese("Year founded must be from 1900 to 2026")).toBe("創業年は1900年から2026年までで入力してください");
    expect(inJapanese("Company name is required")).toBe("会社名は必須です");
  });

  it("knows whole messages and the sentences the server builds", () => {
    expect(inJapanese("Product not found")).toBe("商品が見つかりません");
    expect(inJapanese("Maximum 12 images allowed.")).toBe("画像は最大12枚までです。");
    expect(inJapanese("Name is required")).toBe("商品名は必須です");
    expect(inJapanese("Part number must be at most 60 characters")).toBe("品番は60文字以内で入力してください");
    expect(inJapanese("Mileage must be at most 2,000,000")).toBe("走行距離は2,000,000以下で入力してください");
    expect(inJapanese("Choose a number of seats from the list")).toBe("リストから乗車定員を選んでください");
    expect(inJapanese("Choose a Toyota model from the list")).toBe("リストからToyotaの車種を選んでください");
    expect(inJapanese("Year must be from 1980 to 2026")).toBe("年式は1980年から2026年までで選んでください");
    expect(inJapanese("A pending quote cannot be marked closed.")).toBe(
      "「未対応」の見積もり依頼を「完了」にすることはできません。",
    );
    expect(inJapanese("A pending find request cannot be marked closed.")).toBe(
      "「未対応」のお探し依頼を「完了」にすることはできません。",
    );
    expect(inJapanese("Find request not found.")).toBe("お探し依頼が見つかりません。");
    expect(inJapanese("Upload failed: Price is required")).toBe("アップロードに失敗しました：価格は必須です");
    expect(inJapanese("Upload failed: car.jpg: Image is larger than 5 MB.")).toBe(
      "アップロードに失敗しました：car.jpg：画像が5MBを超えています。",
    );
    expect(inJapanese("Upload failed: An image is larger than 5 MB.")).toBe(
      "アップロードに失敗しました：画像 は5MBを超えています。",
    );
    expect(inJapanese("Upload failed: At most 10 images per upload.")).toBe(
      "アップロードに失敗しました：1回にアップロードできる画像は最大10枚です。",
    );
    expect(inJapanese("Image upload failed: car.jpg: Image is larger than 5 MB.")).toBe(
      "画像のアップロードに失敗しました：car.jpg：画像が5MBを超えています。",
    );
    expect(inJapanese("Image upload failed. car.jpg: Only JPG, PNG or WebP images are accepted.")).toBe(
      "画像のアップロードに失敗しました。car.jpg：JPG、PNG、WebP形式の画像のみ受け付けています。",
    );
    expect(inJapanese("Upload failed. The upload was cut off. Please try again.")).toBe(
      "アップロードに失敗しました。アップロードが途中で切れました。もう一度お試しください。",
    );
  });

  it("shows an unknown message as it came", () => {
    expect(inJapanese("Something nobody wrote down")).toBe("Something nobody wrote down");
    expect(inJapanese("Upload failed: something odd")).toBe("Upload failed: something odd");
    expect(inJapanese("Wheels is required")).toBe("Wheels is required");
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
    for (const issue of issues) expect(inJapanese(issue.message), issue.message).not.toBe(issue.message);
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
