import { describe, expect, it } from "vitest";
import { csvCell } from "./csv.ts";

describe("CSV cells", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(1234)).toBe("1234");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a "quoted", text')).toBe('"a ""quoted"", text"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@handle")).toBe("'@handle");
  });
});
