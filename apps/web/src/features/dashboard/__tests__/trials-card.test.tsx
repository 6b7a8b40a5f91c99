import { MantineProvider } from "@mantine/core";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { mount, stubBrowserApis, unmount } from "@/test/dom";
import { TrialsCard } from "../components/trials-card";

beforeAll(stubBrowserApis);
afterEach(unmount);

const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const DAY = 24 * 3600_000;
const soon = { id: "11111111-1111-4111-8111-111111111111", key: "AAAA-BBBB", planName: "Studio", expiresAt: new Date(NOW + 2 * DAY + 60_000).toISOString() };
const later = { id: "22222222-2222-4222-8222-222222222222", key: "CCCC-DDDD", planName: "Team", expiresAt: new Date(NOW + 3600_000).toISOString() };
const studioPlan = "33333333-3333-4333-8333-333333333333";

function render(node: React.ReactNode) {
  mount(
    <MantineProvider env="test">
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}
const all = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];

describe("the dashboard's trials", () => {
  it("are not drawn when there are none", () => {
    render(<TrialsCard trials={[]} now={NOW} />);
    expect(document.querySelector('[data-testid="trials-card"]')).toBeNull();
  });

  it("list each trial with its days left, its licence, and Buy to the plan's order (the pricing plans while the plan is not known)", () => {
    render(<TrialsCard trials={[soon, later]} planOf={(id) => (id === soon.id ? studioPlan : undefined)} now={NOW} />);
    expect(document.querySelector("#trials-title")?.textContent).toBe("Trials");
    expect(all("trial-days-left").map((badge) => badge.textContent)).toEqual(["3 days left", "1 day left"]);
    const rows = all("trial-row");
    expect(rows[0]!.querySelector("a[href^='/my-licenses']")?.getAttribute("href")).toBe(`/my-licenses/purchased?license=${soon.id}`);
    expect(all("trial-buy").map((link) => [link.getAttribute("href"), link.getAttribute("aria-label"), link.textContent])).toEqual([
      [`/pricing-plans/confirmation/${studioPlan}`, "Buy Studio", "Buy"],
      ["/pricing-plans", "Buy Team", "Buy"],
    ]);
  });

  it("in Portuguese: plural forms of the days left", async () => {
    await changeLanguage("pt-BR", { persist: false });
    try {
      render(<TrialsCard trials={[soon, later]} now={NOW} />);
      expect(all("trial-days-left").map((badge) => badge.textContent)).toEqual(["Restam 3 dias", "Resta 1 dia"]);
    } finally {
      unmount();
      await changeLanguage("en", { persist: false });
    }
  });
});
