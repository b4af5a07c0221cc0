import type { LanguageCode } from "./languages";

/*
 * Ports in each language (issue 44.6), keyed by the English name the owner
 * writes in the freight table. Server-only: the pages receive the names of
 * the ports they show, so this table stays off the pages' scripts.
 */

type Names = Record<Exclude<LanguageCode, "en">, string>;

// prettier-ignore
const PORT_NAMES: Record<string, Names> = {
  // Japan's ports of loading, on an order's shipment and its mails.
  Yokohama: { ja: "横浜", vi: "Yokohama", si: "යොකොහාමා", hi: "योकोहामा", ne: "योकोहामा", "zh-CN": "横滨" },
  Kawasaki: { ja: "川崎", vi: "Kawasaki", si: "කවසාකි", hi: "कावासाकी", ne: "कावासाकी", "zh-CN": "川崎" },
  Kobe: { ja: "神戸", vi: "Kobe", si: "කෝබේ", hi: "कोबे", ne: "कोबे", "zh-CN": "神户" },
  Osaka: { ja: "大阪", vi: "Osaka", si: "ඔසාකා", hi: "ओसाका", ne: "ओसाका", "zh-CN": "大阪" },
  Nagoya: { ja: "名古屋", vi: "Nagoya", si: "නගෝයා", hi: "नागोया", ne: "नागोया", "zh-CN": "名古屋" },
  Toyama: { ja: "富山", vi: "Toyama", si: "ටොයාමා", hi: "तोयामा", ne: "तोयामा", "zh-CN": "富山" },
  Hakata: { ja: "博多", vi: "Hakata", si: "හකාටා", hi: "हकाता", ne: "हकाता", "zh-CN": "博多" },
  Kisarazu: { ja: "木更津", vi: "Kisarazu", si: "කිසරාසු", hi: "किसाराज़ु", ne: "किसाराजु", "zh-CN": "木更津" },
  Colombo: { ja: "コロンボ", vi: "Colombo", si: "කොළඹ", hi: "कोलंबो", ne: "कोलम्बो", "zh-CN": "科伦坡" },
  Hambantota: { ja: "ハンバントタ", vi: "Hambantota", si: "හම්බන්තොට", hi: "हम्बनटोटा", ne: "हम्बनटोटा", "zh-CN": "汉班托塔" },
  Chennai: { ja: "チェンナイ", vi: "Chennai", si: "චෙන්නායි", hi: "चेन्नई", ne: "चेन्नई", "zh-CN": "金奈" },
  Mumbai: { ja: "ムンバイ", vi: "Mumbai", si: "මුම්බායි", hi: "मुंबई", ne: "मुम्बई", "zh-CN": "孟买" },
  Kolkata: { ja: "コルカタ", vi: "Kolkata", si: "කොල්කතා", hi: "कोलकाता", ne: "कोलकाता", "zh-CN": "加尔各答" },
  // The demo's port for Nepal, written by the owner with the border town the cars go on to.
  "Kolkata (India, for Birgunj)": {
    ja: "コルカタ（インド、ビールガンジ向け）", vi: "Kolkata (Ấn Độ, đi Birgunj)", si: "කොල්කතා (ඉන්දියාව, බිර්ගන්ජ් සඳහා)",
    hi: "कोलकाता (भारत, बीरगंज के लिए)", ne: "कोलकाता (भारत, वीरगन्जका लागि)", "zh-CN": "加尔各答（印度，转运比尔根杰）",
  },
  Karachi: { ja: "カラチ", vi: "Karachi", si: "කරච්චි", hi: "कराची", ne: "कराची", "zh-CN": "卡拉奇" },
  Chittagong: { ja: "チッタゴン", vi: "Chittagong", si: "චිටගොං", hi: "चटगाँव", ne: "चटगाउँ", "zh-CN": "吉大港" },
  Yangon: { ja: "ヤンゴン", vi: "Yangon", si: "යැංගොන්", hi: "यांगून", ne: "याङ्गुन", "zh-CN": "仰光" },
  "Hai Phong": { ja: "ハイフォン", vi: "Hải Phòng", si: "හයිෆොං", hi: "हाइफोंग", ne: "हाइफोङ", "zh-CN": "海防" },
  "Ho Chi Minh City": { ja: "ホーチミン", vi: "Thành phố Hồ Chí Minh", si: "හෝ චි මින් නගරය", hi: "हो ची मिन्ह सिटी", ne: "हो ची मिन्ह सिटी", "zh-CN": "胡志明市" },
  "Da Nang": { ja: "ダナン", vi: "Đà Nẵng", si: "ඩා නං", hi: "दा नांग", ne: "दा नाङ", "zh-CN": "岘港" },
  Shanghai: { ja: "上海", vi: "Thượng Hải", si: "ෂැංහයි", hi: "शंघाई", ne: "साङ्घाई", "zh-CN": "上海" },
  Mombasa: { ja: "モンバサ", vi: "Mombasa", si: "මොම්බාසා", hi: "मोम्बासा", ne: "मोम्बासा", "zh-CN": "蒙巴萨" },
  "Dar es Salaam": { ja: "ダルエスサラーム", vi: "Dar es Salaam", si: "දාර් එස් සලාම්", hi: "दार एस सलाम", ne: "दार एस सलाम", "zh-CN": "达累斯萨拉姆" },
  Durban: { ja: "ダーバン", vi: "Durban", si: "ඩර්බන්", hi: "डरबन", ne: "डर्बन", "zh-CN": "德班" },
  Maputo: { ja: "マプト", vi: "Maputo", si: "මාපුටෝ", hi: "मापुटो", ne: "मापुटो", "zh-CN": "马普托" },
  Kingston: { ja: "キングストン", vi: "Kingston", si: "කිංස්ටන්", hi: "किंग्स्टन", ne: "किङ्स्टन", "zh-CN": "金斯敦" },
  Auckland: { ja: "オークランド", vi: "Auckland", si: "ඕක්ලන්ඩ්", hi: "ऑकलैंड", ne: "अकल्यान्ड", "zh-CN": "奥克兰" },
  Vladivostok: { ja: "ウラジオストク", vi: "Vladivostok", si: "ව්ලැඩිවොස්ටොක්", hi: "व्लादिवोस्तोक", ne: "भ्लादिभोस्तोक", "zh-CN": "符拉迪沃斯托克" },
};

/** Other ways owners write the same port. */
const SAME_PORT: Record<string, string> = {
  Haiphong: "Hai Phong",
  Chattogram: "Chittagong",
  Saigon: "Ho Chi Minh City",
  Bombay: "Mumbai",
  Madras: "Chennai",
  Calcutta: "Kolkata",
  Rangoon: "Yangon",
  Danang: "Da Nang",
};

/** A name as compared: case, accents, spaces and punctuation do not count ("Hải Phòng" is "haiphong"). */
function key(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const BY_KEY = new Map<string, Names>([
  ...Object.entries(PORT_NAMES).map(([name, names]) => [key(name), names] as const),
  ...Object.entries(SAME_PORT).map(([name, same]) => [key(name), PORT_NAMES[same]!] as const),
]);

/**
 * A port as a page in `language` shows it: its name there, or as the owner
 * wrote it with `english` set when the shop has no name for it in that
 * language (the page marks it `lang="en"`).
 */
export function portName(port: string, language: LanguageCode): { name: string; english: boolean } {
  if (language === "en") return { name: port, english: false };
  const name = BY_KEY.get(key(port))?.[language];
  return name ? { name, english: false } : { name: port, english: true };
}
