import type { License } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { byTestId, mountWithApp, success } from "@/test/app";
import { stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { LicenseDetailDrawer } from "../components/license-detail-drawer";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const id = "11111111-1111-4111-8111-111111111111";
const license = {
  id,
  key: "ABCD-EFGH-IJKL-MNOP",
  status: "active",
  type: "standard",
  planName: "Floating Pro",
  projectName: null,
  ownerEmail: "owner@example.com",
  issuedAt: "2026-11-01T10:00:00.000Z",
  expiresAt: "2027-11-01T10:00:00.000Z",
  maxActivations: 2,
  activations: 1,
  maxReleasesPer30Days: 3,
  features: [],
  floating: true,
  heartbeatSeconds: 300,
  expirationStrategy: "revoke",
  offlineTtlDays: null,
  expired: false,
  seats: { used: 1, max: 2 },
  channels: ["stable"],
} as unknown as License;

const seat = {
  id: "00000000-0000-4000-8000-000000000001",
  fingerprint: "a".repeat(64),
  dataSummary: "build-agent-1",
  firstSeenAt: new Date(Date.now() - 3_600_000).toISOString(),
  lastSeenAt: new Date(Date.now() - 60_000).toISOString(),
  leaseExpiresAt: new Date(Date.now() + 240_000).toISOString(),
  lastHeartbeatAt: new Date(Date.now() - 60_000).toISOString(),
  deadAt: null,
};

describe("the licence detail drawer", { timeout: 30_000 }, () => {
  it("asks for the installations together with the licence, not after it has come back (one round trip less before the seats show)", async () => {
    const asked: string[] = [];
    let answerLicense!: () => void;
    const licenseAnswered = new Promise<void>((resolve) => (answerLicense = resolve));
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const path = String(input);
      asked.push(path);
      const answer = path.endsWith("/installations") ? success({ items: [seat], releasesLast30Days: 0, maxReleasesPer30Days: 3 }) : success(license);
      // The licence answers only when the test says so.
      if (!path.endsWith("/installations")) await licenseAnswered;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
    });
    mountWithApp(<LicenseDetailDrawer licenseId={id} admin onClose={() => undefined} onToggleActive={() => undefined} />);

    // Both calls are under way while the licence has not answered.
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining([`/api/v1/licenses/${id}`, `/api/v1/licenses/${id}/installations`])));
    expect(byTestId("license-detail")).toBeNull();

    answerLicense();
    await waitFor(() => expect(byTestId("seats-used")?.textContent).toBe("1 of 2 seats in use"));
    // The panel read the answer already there: the installations were asked for once.
    expect(asked.filter((path) => path.endsWith("/installations"))).toHaveLength(1);
  });
});
