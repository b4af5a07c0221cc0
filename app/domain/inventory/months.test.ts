import { describe, expect, it } from "vitest";
import { FIRST_MONTH_YEAR, monthNumber, monthOf, monthOfDate, monthText, parseMonth, yearOf } from "./months";

const may2019 = monthNumber(2019, 5);

describe("months as numbers", () => {
  it("counts year × 12 + month − 1, and reads year and month back", () => {
    expect(monthNumber(2019, 3)).toBe(2019 * 12 + 2);
    expect(yearOf(monthNumber(2019, 12))).toBe(2019);
    expect(monthOf(monthNumber(2019, 12))).toBe(12);
    expect(yearOf(monthNumber(2020, 1))).toBe(2020);
    expect(monthOf(monthNumber(2020, 1))).toBe(1);
  });

  it("writes a month as YYYY-MM", () => {
    expect(monthText(monthNumber(2019, 3))).toBe("2019-03");
    expect(monthText(monthNumber(2019, 11))).toBe("2019-11");
  });

  it("takes the month of a date in Tokyo, nine hours ahead of UTC", () => {
    expect(monthOfDate(new Date("2019-04-30T14:59:59Z"))).toBe(monthNumber(2019, 4));
    expect(monthOfDate(new Date("2019-04-30T15:00:00Z"))).toBe(may2019);
    expect(monthOfDate(new Date("2019-12-31T15:00:00Z"))).toBe(monthNumber(2020, 1));
  });
});

describe("a month as the owner types it", () => {
  it.each([
    ["2019-05"],
    ["2019-5"],
    ["2019/05"],
    ["2019.5"],
    ["2019 - 05"],
    ["  2019-05  "],
    ["05/2019"],
    ["5/2019"],
    ["05-2019"],
    ["5.2019"],
    ["5 / 2019"],
    ["2019-05-01"],
    ["2019/5/31"],
    ["2019.05.1"],
    ["May 2019"],
    ["may 2019"],
    ["MAY 2019"],
    ["May2019"],
    ["May, 2019"],
    ["May-2019"],
    ["2019 May"],
    ["2019May"],
    ["2019-may"],
    ["2019年5月"],
    ["2019 年 05 月"],
    ["tháng 5 2019"],
    ["Tháng 5/2019"],
    ["tháng 05 năm 2019"],
    ["tháng5/2019"],
  ])("reads %j as May 2019", (typed) => {
    expect(parseMonth(typed)).toBe(may2019);
  });

  it("reads every English month name, its three letters and Sept", () => {
    const names = ["January", "February", "March", "April", "May", "June", "July", "August", "September"];
    const more = ["October", "November", "December"];
    [...names, ...more].forEach((name, i) => {
      expect(parseMonth(`${name} 2020`), name).toBe(monthNumber(2020, i + 1));
      expect(parseMonth(`${name.slice(0, 3)}. 2020`), name).toBe(monthNumber(2020, i + 1));
    });
    expect(parseMonth("Sept 2020")).toBe(monthNumber(2020, 9));
    expect(parseMonth("Sept. 2020")).toBe(monthNumber(2020, 9));
  });

  it("reads the first and last months and years it allows", () => {
    expect(parseMonth("1900-01")).toBe(monthNumber(FIRST_MONTH_YEAR, 1));
    expect(parseMonth("12/9999")).toBe(monthNumber(9999, 12));
    expect(parseMonth("2019-01-31")).toBe(monthNumber(2019, 1));
    expect(parseMonth("Dec 1900")).toBe(monthNumber(1900, 12));
  });

  it.each([
    [""],
    ["   "],
    ["May 201"],
    ["May"],
    ["2019"],
    ["201905"],
    ["19-05"],
    ["05/19"],
    ["2019-00"],
    ["2019-13"],
    ["0/2019"],
    ["13/2019"],
    ["1899-12"],
    ["Dec 1899"],
    ["2019-05-00"],
    ["2019-05-32"],
    ["2019-05/01"],
    ["2019-123"],
    ["123/2019"],
    ["Mai 2019"],
    ["Ma 2019"],
    ["Mayo 2019"],
    ["Septe 2019"],
    ["2019 Mays"],
    ["2019年13月"],
    ["2019年5"],
    ["tháng 13 2019"],
    ["May 2019 extra"],
    ["x2019-05"],
    ["2019-05x"],
    ["5 May 2019"],
    // Anything before or after a month written year first, in each way of writing it.
    ["x2019 May"],
    ["2019 May 5"],
    ["約2019年5月"],
    ["2019年5月頃"],
    ["x tháng 5/2019"],
    ["tháng 5/2019 x"],
    // A dot ends a month's short name, it does not sit inside it.
    ["S.ep 2019"],
  ])("refuses %j", (typed) => {
    expect(parseMonth(typed)).toBeNull();
  });
});
