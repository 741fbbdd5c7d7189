// @vitest-environment jsdom
import { act, render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MessagingModeProvider, useMessagingMode } from "./use-messaging-mode.tsx";

function Probe() {
  const { mode, toggle } = useMessagingMode();
  return (
    <button type="button" onClick={toggle}>
      {mode}
    </button>
  );
}

describe("useMessagingMode", () => {
  it("throws outside its provider (spec §8)", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(() => renderHook(() => useMessagingMode())).toThrow(
        "useMessagingMode must be used within a MessagingModeProvider.",
      );
    } finally {
      error.mockRestore();
    }
  });

  it("starts in api mode and toggles to mock and back", () => {
    render(
      <MessagingModeProvider>
        <Probe />
      </MessagingModeProvider>,
    );
    const button = screen.getByRole("button");
    expect(button.textContent).toBe("api");
    act(() => button.click());
    expect(button.textContent).toBe("mock");
    act(() => button.click());
    expect(button.textContent).toBe("api");
  });
});
