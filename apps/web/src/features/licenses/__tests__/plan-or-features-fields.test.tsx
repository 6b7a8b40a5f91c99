import type { User } from "@portal/contract";
import { useForm } from "react-hook-form";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { meQueryKey } from "@/lib/auth";
import { byTestId, mountWithApp } from "@/test/app";
import { stubBrowserApis, unmount } from "@/test/dom";
import { PlanOrFeaturesFields, type PlanFeatureValues } from "../components/plan-or-features-fields";

beforeAll(stubBrowserApis);
afterEach(unmount);

function Fields({ loading = false }: { loading?: boolean }) {
  const form = useForm<PlanFeatureValues>({ defaultValues: { mode: "plan", planId: "", featureIds: [] } });
  return <PlanOrFeaturesFields control={form.control} plans={[]} features={[]} loading={loading} />;
}

function render(isAdmin: boolean, loading = false) {
  mountWithApp(<Fields loading={loading} />, {
    prepare: (queryClient) => queryClient.setQueryData(meQueryKey, { id: "u1", email: "someone@example.com", isAdmin } as User),
  });
}

describe("the plan choice with an empty catalogue", () => {
  it("tells a customer that no plans are published yet and what to do instead", () => {
    render(false);
    expect(byTestId("no-plans")?.textContent).toBe("No plans have been published yet. You can request custom features instead.");
    expect(byTestId("no-plans")?.querySelector("a")).toBeNull();
    expect(document.body.textContent).not.toContain("Nothing found");
  });

  it("shows an administrator the way to the plans screen", () => {
    render(true);
    expect(byTestId("no-plans")?.textContent).toBe("No plans have been published yet. Open the plans screen");
    expect(byTestId("no-plans")?.querySelector("a")?.getAttribute("href")).toBe("/admin/plans");
  });

  it("says nothing of the kind while the plans are loading", () => {
    render(false, true);
    expect(byTestId("no-plans")).toBeNull();
  });
});
