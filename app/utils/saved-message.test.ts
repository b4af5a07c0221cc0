import { describe, expect, it } from "vitest";
import { savedMessage } from "./saved-message";

const SAVED = ["added", "updated", "deleted"] as const;
const at = (query: string) => new URL(`https://shop.example/admin/freight${query}`);

describe("savedMessage", () => {
  it("names the message the address asks for", () => {
    expect(savedMessage(at("?saved=updated"), SAVED)).toBe("updated");
    expect(savedMessage(at("?edit=3&saved=deleted"), SAVED)).toBe("deleted");
  });

  it("shows nothing for an address without one, or with one the screen does not list", () => {
    expect(savedMessage(at(""), SAVED)).toBeNull();
    expect(savedMessage(at("?saved="), SAVED)).toBeNull();
    expect(savedMessage(at("?saved=photos"), SAVED)).toBeNull();
    expect(savedMessage(at("?saved=ADDED"), SAVED)).toBeNull();
  });
});
