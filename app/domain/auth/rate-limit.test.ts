import { describe, expect, it } from "vitest";
import { addressKey, mailboxKey } from "./rate-limit.server";

describe("addressKey", () => {
  it("keeps an IPv4 address whole and counts an IPv6 address by its /64", () => {
    for (const [written, key] of [
      ["203.0.113.9", "203.0.113.9"],
      ["::ffff:203.0.113.9", "203.0.113.9"],
      ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"],
      ["2001:db8:1:2:bbbb:cccc:dddd:eeee", "2001:db8:1:2::/64"],
      ["2001:0db8:0001:0002::9", "2001:db8:1:2::/64"],
      ["2001:db8::1", "2001:db8:0:0::/64"],
      ["::1", "0:0:0:0::/64"],
      ["fe80::1%eth0", "fe80:0:0:0::/64"],
      ["unknown", "unknown"],
    ] as const)
      expect(addressKey(written), written).toBe(key);
  });
});

describe("mailboxKey", () => {
  it("counts one mailbox however its address is written", () => {
    for (const [written, key] of [
      [" Victim@Example.org ", "victim@example.org"],
      ["victim+1@example.org", "victim@example.org"],
      ["v.ic.tim+shop@googlemail.com", "victim@gmail.com"],
      ["v.ictim@gmail.com", "victim@gmail.com"],
      // Dots matter elsewhere.
      ["v.ictim@example.org", "v.ictim@example.org"],
    ] as const)
      expect(mailboxKey(written), written).toBe(key);
  });
});
