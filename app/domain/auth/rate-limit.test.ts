import { describe, expect, it } from "vitest";
import { addressKey, mailboxKey } from "./rate-limit.server";

describe("addressKey", () => {
  it("keeps an IPv4 address whole and counts an IPv6 address by its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("unknown")).toBe("unknown");
  });
});

describe("mailboxKey", () => {
  it("counts one mailbox however its address is written", () => {
    expect(mailboxKey(" Victim@Example.org ")).toBe("victim@example.org");
    expect(mailboxKey("victim+1@example.org")).toBe("victim@example.org");
    expect(mailboxKey("v.ic.tim+shop@googlemail.com")).toBe("victim@gmail.com");
    expect(mailboxKey("v.ictim@gmail.com")).toBe("victim@gmail.com");
    // Dots matter elsewhere.
    expect(mailboxKey("v.ictim@example.org")).toBe("v.ictim@example.org");
  });
});
