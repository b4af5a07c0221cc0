import { describe, expect, it } from "vitest";
import { columnLetter, type CsvSeparator, csvLine, detectSeparator, parseCsv, toCsv, unguardCell } from "./csv";

describe("toCsv", () => {
  it("starts with a BOM, ends lines with CRLF and quotes every field", () => {
    const csv = toCsv(
      ["name", "message"],
      [
        ["Perera, Nimal", 'He said "hello"'],
        ["සුනිල්", "line one\nline two"],
        ["王伟", null],
      ],
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe(
      '"name","message"\r\n"Perera, Nimal","He said ""hello"""\r\n"සුනිල්","line one\nline two"\r\n"王伟",""\r\n',
    );
  });

  it("keeps a spreadsheet from running a formula, whatever separator it reads with", () => {
    const csv = toCsv(
      ["a"],
      [
        ['=HYPERLINK("x")'],
        ["-5"],
        ["+94 77 1"],
        ["@SUM(A1)"],
        // A reader that splits on ";" or tab would otherwise see a cell of its own here.
        ["=1+1;x"],
        ["x;=1+1"],
        ["\t=cmd"],
        ["\r=cmd"],
      ],
    );
    expect(csv.slice(1).split("\r\n")).toEqual([
      '"a"',
      '"\'=HYPERLINK(""x"")"',
      '"\'-5"',
      '"\'+94 77 1"',
      '"\'@SUM(A1)"',
      '"\'=1+1;x"',
      '"x;\'=1+1"',
      "\"'\t'=cmd\"",
      "\"'\r'=cmd\"",
      "",
    ]);
  });

  it("leaves a number from the database as a number, negative ones too", () => {
    expect(
      toCsv(
        ["yen", "text"],
        [
          [-500, "-500"],
          [1_250_000, "0"],
        ],
      ).slice(1),
    ).toBe('"yen","text"\r\n"-500","\'-500"\r\n"1250000","0"\r\n');
  });
});

describe("parseCsv", () => {
  const limits = { maxRecords: 100, maxCellLength: 1000 };
  const cells = (text: string, separator: CsvSeparator = ",") => parseCsv(text, separator, limits).map((r) => r.cells);

  it("reads quoted fields with separators, doubled quotes and line breaks, with CRLF, LF or CR line ends", () => {
    expect(cells('a,b\r\n"Perera, Nimal","He said ""hi"""\r\n"one\r\ntwo",x\n3,4\r5,6')).toEqual([
      ["a", "b"],
      ["Perera, Nimal", 'He said "hi"'],
      ["one\r\ntwo", "x"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("skips the byte-order mark, blank lines and rows of empty cells, and keeps each record's first line", () => {
    const records = parseCsv('\uFEFFref,name\n\nV-1,"two\nlines"\n,,\nV-2,x\n', ",", limits);
    expect(records).toEqual([
      { cells: ["ref", "name"], line: 1 },
      { cells: ["V-1", "two\nlines"], line: 3 },
      { cells: ["V-2", "x"], line: 6 },
    ]);
  });

  it("counts a record's lines from where it starts, after a quoted cell's line breaks of any kind", () => {
    for (const end of ["\r\n", "\n", "\r"])
      expect(
        parseCsv(`ref,notes${end}V-1,"one${end}two${end}three"${end}V-2,x`, ",", limits),
        JSON.stringify(end),
      ).toEqual([
        { cells: ["ref", "notes"], line: 1 },
        { cells: ["V-1", `one${end}two${end}three`], line: 2 },
        { cells: ["V-2", "x"], line: 5 },
      ]);
  });

  it("reads the last record without a line break after it, and leaves out a line of only spaces", () => {
    expect(cells("a,b\nc,d")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(cells("a,b\nc")).toEqual([["a", "b"], ["c"]]);
    expect(cells("a,b\n  ,  \n")).toEqual([["a", "b"]]);
  });

  it("opens a quoted cell after spaces before its quote, as some writers leave them", () => {
    expect(cells('ref,name\nV-1,  "Corolla, white"')).toEqual([
      ["ref", "name"],
      ["V-1", "Corolla, white"],
    ]);
  });

  it("reads the separator from the first line only, whatever ends it", () => {
    for (const end of ["\n", "\r\n", "\r"])
      expect(detectSeparator(`ref,name${end}a;b;c;d;e`), JSON.stringify(end)).toBe(",");
    // One column: nothing to tell, read as commas.
    expect(detectSeparator("ref\nV-1")).toBe(",");
  });

  it("reads semicolons and tabs as Excel in another locale saves them", () => {
    expect(detectSeparator("ref;name;price\nV-1;a,b;1")).toBe(";");
    expect(detectSeparator("ref\tname\n")).toBe("\t");
    expect(detectSeparator('"a;b",c,d\n')).toBe(",");
    expect(cells("ref;name\nV-1;Corolla, white", ";")).toEqual([
      ["ref", "name"],
      ["V-1", "Corolla, white"],
    ]);
  });

  it("stops at an unclosed quote, too many rows or a cell too long, naming the line", () => {
    expect(() => parseCsv('a\n"open\nb\n', ",", limits)).toThrow(
      expect.objectContaining({ code: "unclosedQuote", line: 2 }),
    );
    expect(() => parseCsv("a\n".repeat(101), ",", limits)).toThrow(expect.objectContaining({ code: "tooManyRows" }));
    expect(() => parseCsv(`a\n${"x".repeat(1001)}\n`, ",", limits)).toThrow(
      expect.objectContaining({ code: "cellTooLong", line: 2 }),
    );
    // A cell of exactly the longest length is read.
    expect(cells(`a\n${"x".repeat(1000)}\n`)[1]![0]).toHaveLength(1000);
  });

  it("reads back what toCsv wrote, formula guards and all", () => {
    const rows = [
      ["=SUM(A1)", "-5", "+94 77", "x;=1+1", 'say "hi"', "line\nbreak", "@home", "plain"],
      ["", "0446533450", "¥1,250,000", "සුනිල්", "王伟", "'quoted'", "a,b", "tab\there"],
      ["'=kept", "a;'=b", "''+c", "x", "y", "z", "w", "v"],
    ];
    const text = toCsv(["a", "b", "c", "d", "e", "f", "g", "h"], rows);
    const back = parseCsv(text, detectSeparator(text.slice(1)), limits).map((r) => r.cells.map(unguardCell));
    expect(back.slice(1)).toEqual(rows);
  });

  it("guards only the start of a cell for the feeds, so a description's list of dashes reaches buyers as written", () => {
    expect(csvLine(["Options:\n- Navi\n- Camera", "=SUM(A1)"], "start")).toBe(
      '"Options:\n- Navi\n- Camera","\'=SUM(A1)"\r\n',
    );
    expect(csvLine(["Options:\n- Navi"])).toBe('"Options:\n\'- Navi"\r\n');
  });

  it("names columns as a spreadsheet does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });
});

describe("formula guard on every character a spreadsheet runs", () => {
  const limits = { maxRecords: 100, maxCellLength: 1000 };
  /** What the owner's spreadsheet shows in the cell once the file is read back (the guard taken off). */
  const readBack = (line: string) => parseCsv(line, ",", limits)[0]!.cells.map(unguardCell);

  const DANGEROUS = [
    { name: "=", ch: "=" },
    { name: "+", ch: "+" },
    { name: "-", ch: "-" },
    { name: "@", ch: "@" },
    { name: "tab", ch: "\t" },
    { name: "carriage return", ch: "\r" },
  ];
  const SEPARATORS = [
    { name: ";", sep: ";" },
    { name: ",", sep: "," },
    { name: "tab", sep: "\t" },
    { name: "carriage return", sep: "\r" },
    { name: "line feed", sep: "\n" },
  ];

  it.each(DANGEROUS)(
    "puts a ' before $name at the start of a cell, in the owner's files and in the feeds",
    ({ ch }) => {
      const value = `${ch}HYPERLINK("http://x")`;
      const written = `"'${ch}HYPERLINK(""http://x"")"\r\n`;
      expect(csvLine([value])).toBe(written);
      expect(csvLine([value], "start")).toBe(written);
      expect(readBack(written)).toEqual([value]);
    },
  );

  it.each(DANGEROUS.flatMap((d) => SEPARATORS.map((s) => ({ ...d, ...s, label: `${d.name} after ${s.name}` }))))(
    "puts a ' before $label inside a cell of the owner's files, and reads it back as typed",
    ({ ch, sep }) => {
      const value = `Corolla${sep}${ch}cmd|' /C calc'!A0`;
      const written = `"Corolla${sep}'${ch}cmd|' /C calc'!A0"\r\n`;
      expect(csvLine([value])).toBe(written);
      expect(toCsv(["a"], [[value]])).toBe(`\uFEFF"a"\r\n${written}`);
      expect(readBack(written)).toEqual([value]);
    },
  );

  it.each(SEPARATORS)("keeps a guard the text had after $name: one more ' goes before it", ({ sep }) => {
    const value = `Corolla${sep}'+cmd`;
    const written = `"Corolla${sep}''+cmd"\r\n`;
    expect(csvLine([value])).toBe(written);
    expect(readBack(written)).toEqual([value]);
  });
});

describe("reading the separator and the cells of a file as the owner saved it", () => {
  const limits = { maxRecords: 100, maxCellLength: 1000 };

  it.each([
    { file: "a comma file with a ; in a header", text: "ref,make,price (JPY; FOB)\r\nV-1,Toyota,500000\r\n", sep: "," },
    {
      file: "a semicolon file with a , in a header",
      text: "ref;make;price (JPY, FOB)\r\nV-1;Toyota;500000\r\n",
      sep: ";",
    },
    { file: "a tab file with a , in a header", text: "ref\tmake\tprice (JPY, FOB)\r\n", sep: "\t" },
    {
      file: "a comma file whose quoted header holds semicolons",
      text: '"price; FOB; JPY; yen",ref,make\r\n',
      sep: ",",
    },
    {
      file: "a semicolon file whose quoted cell holds commas",
      text: 'ref;"Corolla, white, 4WD, navi";price\r\n',
      sep: ";",
    },
    {
      file: "a semicolon header above rows full of commas",
      text: "ref;name\r\nV-1;Corolla, white, 4WD, navi, ETC\r\n",
      sep: ";",
    },
  ])("detects $file", ({ text, sep }) => {
    expect(detectSeparator(text)).toBe(sep);
  });

  it.each([",", ";", "\t"] as const)('reads a cell 17" alloys as written, separated by %j', (sep) => {
    const text = ["ref", "wheels", "model"].join(sep) + "\r\n" + ["V-1", '17" alloys', "Corolla"].join(sep) + "\r\n";
    expect(parseCsv(text, sep, limits).map((r) => r.cells)).toEqual([
      ["ref", "wheels", "model"],
      ["V-1", '17" alloys', "Corolla"],
    ]);
  });
});
