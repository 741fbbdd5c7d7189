// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Skeleton, SkeletonGroup } from "./skeleton.tsx";

afterEach(cleanup);

describe("SkeletonGroup", () => {
  it("is one busy status named by its label, its blocks hidden from assistive technology", () => {
    render(
      <SkeletonGroup label="Loading mentions">
        <Skeleton className="h-32 rounded-2xl" />
        <Skeleton className="h-32 rounded-2xl" />
      </SkeletonGroup>,
    );
    const status = screen.getByRole("status", { name: "Loading mentions" });
    expect(status.getAttribute("aria-busy")).toBe("true");
    const blocks = status.querySelectorAll("[aria-hidden='true']");
    expect(blocks).toHaveLength(2);
    // The caller's shape wins over the default's (tailwind-merge).
    expect(blocks[0]?.className).toContain("rounded-2xl");
    expect(blocks[0]?.className).not.toContain("rounded-lg");
  });
});
