// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../../lib/i18n.ts";
import { SupportForm } from "./support-form.tsx";

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage("en");
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("SupportForm", () => {
  it("explains every invalid field without sending anything", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<SupportForm />);
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Enter your name.")).toBeTruthy();
    expect(screen.getByText("Enter a valid e-mail address.")).toBeTruthy();
    expect(screen.getByText("Choose a topic.")).toBeTruthy();
    expect(screen.getByText("Tell us a little more: at least 20 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Your name").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("speaks Spanish to Spanish readers", async () => {
    await setLanguage("es");
    render(<SupportForm />);
    fireEvent.click(screen.getByRole("button", { name: "Enviar mensaje" }));
    expect(await screen.findByText("Escribe tu nombre.")).toBeTruthy();
    expect(screen.getByText("Elige un tema.")).toBeTruthy();
  });

  it("posts the request, then confirms with the reference", async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ id: "1", reference: "AB12CD34" }), { status: 201 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(<SupportForm />);
    fill("Your name", "Grace Hopper");
    fill("E-mail address", "grace@example.com");
    fill("Topic", "bug");
    fill("Message", "The calendar does not show my reels on Fridays.");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Thank you, your message was sent")).toBeTruthy();
    expect(screen.getByText("AB12CD34")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/support/requests",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({
          name: "Grace Hopper",
          email: "grace@example.com",
          topic: "bug",
          message: "The calendar does not show my reels on Fridays.",
        }),
      }),
    );
  });

  it("shows the server's message and keeps the text when the request is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: "rate_limited", message: "Please wait a little." } }),
            { status: 429 },
          ),
      ),
    );
    render(<SupportForm />);
    fill("Your name", "Grace Hopper");
    fill("E-mail address", "grace@example.com");
    fill("Topic", "other");
    fill("Message", "A question about plans for a small agency.");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("Please wait a little."),
    );
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(
      "A question about plans for a small agency.",
    );
  });
});
