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
      // Groups after "::" that reach into the first four: the "::" is a single zero group there.
      ["2001:db8::5:6:7:8:9", "2001:db8:0:5::/64"],
      ["::1:2:3:4:5:6:7", "0:1:2:3::/64"],
      ["2001:db8:1::", "2001:db8:1:0::/64"],
      ["::", "0:0:0:0::/64"],
      // A dotted quad at the end is two groups, whose place moves the ones before it.
      ["1::2:3:4:5:1.2.3.4", "1:0:2:3::/64"],
      ["2001:db8::5:6:7:1.2.3.4", "2001:db8:0:5::/64"],
      ["unknown", "unknown"],
    ] as const)
      expect(addressKey(written), written).toBe(key);
  });
});

describe("addressKey on a dual-stack listener, where IPv4 clients arrive as ::ffff:a.b.c.d", () => {
  it.each([
    ["203.10.113.45", "::ffff:203.10.113.45"],
    ["198.51.100.200", "::ffff:198.51.100.200"],
    ["198.51.100.200", "::FFFF:198.51.100.200"],
    ["192.0.2.7", "::ffff:192.0.2.7%eth0"],
  ])("counts %s the same whether it arrives as IPv4 or as %s", (ipv4, mapped) => {
    expect(addressKey(mapped)).toBe(addressKey(ipv4));
    expect(addressKey(mapped)).toBe(ipv4);
  });

  it("gives two IPv4 clients on a dual-stack listener two keys, so one cannot lock the other out", () => {
    const clients = ["::ffff:203.10.113.45", "::ffff:198.51.100.200", "::ffff:192.0.2.77", "::ffff:100.64.10.123"];
    const keys = clients.map(addressKey);
    expect(new Set(keys).size).toBe(clients.length);
    expect(keys).toEqual(["203.10.113.45", "198.51.100.200", "192.0.2.77", "100.64.10.123"]);
  });

  it.each([
    // IPv6 clients whose address merely ends like a mapped one: counted by their /64, not as that IPv4 client.
    ["2001:db8::ffff:203.10.113.45", "2001:db8:0:0::/64"],
    ["1::ffff:203.10.113.45", "1:0:0:0::/64"],
    // An address with a port after it is no address: kept whole, not merged with 203.10.113.45.
    ["::ffff:203.10.113.45:8080", "::ffff:203.10.113.45:8080"],
    ["x::ffff:203.10.113.45", "x::ffff:203.10.113.45"],
  ])("does not read %s as an IPv4 client", (written, key) => {
    expect(addressKey(written)).toBe(key);
    expect(addressKey(written)).not.toBe("203.10.113.45");
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
      // A one-letter mailbox is a mailbox too.
      ["A@googlemail.com", "a@gmail.com"],
      // What is no address is counted as typed, not cut.
      ["Nobody", "nobody"],
    ] as const)
      expect(mailboxKey(written), written).toBe(key);
  });
});
