import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newRecoveryCodes,
  normaliseRecoveryCode,
  openSecret,
  otpauthUrl,
  sealSecret,
  totpCode,
  totpStep,
} from "./totp.server";

// RFC 6238, appendix B: the SHA-1 secret is the ASCII "12345678901234567890".
const RFC_SECRET = Buffer.from("12345678901234567890");
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("time-based codes", () => {
  it("match RFC 6238's test values (8 digits), and their last 6 digits are the 6-digit codes", () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      const step = totpStep(new Date(seconds * 1000));
      expect(totpCode(RFC_SECRET, step, 8), `at ${seconds}`).toBe(expected);
      expect(totpCode(RFC_SECRET, step)).toBe(expected.slice(2));
    }
  });

  it("accept the step before and after now, not two steps away, and say which step matched", () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    for (const offset of [-1, 0, 1])
      expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBeNull();
  });

  it("refuse anything but six digits, and allow spaces typed in the middle", () => {
    const now = new Date(1_800_000_000_000);
    const code = totpCode(RFC_SECRET, totpStep(now));
    expect(matchTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
    for (const bad of ["", "12345", "1234567", "abcdef", `${code}0`, "١٢٣٤٥٦"])
      expect(matchTotp(RFC_SECRET, bad, now)).toBeNull();
  });
});

describe("base32", () => {
  it("matches RFC 4648's test values and round-trips random bytes", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [text, encoded] of vectors) {
      expect(base32Encode(Buffer.from(text))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(text);
    }
    const bytes = Buffer.from(Array.from({ length: 20 }, (_, i) => (i * 37 + 11) % 256));
    expect(
      base32Decode(
        base32Encode(bytes)
          .toLowerCase()
          .replace(/(.{4})/g, "$1 "),
      ),
    ).toEqual(bytes);
    expect(() => base32Decode("AB1C")).toThrow();
  });
});

describe("the address an app scans", () => {
  it("names the shop and the account, and carries the secret and the code's settings", () => {
    const url = new URL(otpauthUrl("Sakura Auto staff", "owner", Buffer.from("12345678901234567890")));
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Sakura Auto staff:owner");
    expect(url.searchParams.get("secret")).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
  });
});

describe("sealed secrets", () => {
  const key = "a-session-secret-of-at-least-32-characters";
  it("open with the same SESSION_SECRET only, and not once altered", () => {
    const sealed = sealSecret(RFC_SECRET, key);
    expect(sealed).not.toContain(base32Encode(RFC_SECRET));
    expect(openSecret(sealed, key)).toEqual(RFC_SECRET);
    expect(openSecret(sealed, `${key}-changed`)).toBeNull();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[2]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(openSecret([parts[0], parts[1], body.toString("base64url"), parts[3]].join("."), key)).toBeNull();
    expect(openSecret("not sealed", key)).toBeNull();
    // Two seals of one secret differ (a fresh nonce each time).
    expect(sealSecret(RFC_SECRET, key)).not.toBe(sealed);
  });
});

describe("recovery codes", () => {
  it("are ten different codes like k3m7q-x2ahz, accepted however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      expect(normaliseRecoveryCode(` ${code.toUpperCase().replace("-", " ")} `)).toBe(code.replace("-", ""));
    }
    expect(normaliseRecoveryCode("123456")).toBeNull();
    expect(normaliseRecoveryCode("k3m7q-x2ah")).toBeNull();
  });
});
