import type { AvailableUpdates as AvailableUpdatesAnswer } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { byTestId, mountWithApp, pageText, serveApi, success } from "@/test/app";
import { stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { AvailableUpdates } from "../components/available-updates";

beforeAll(stubBrowserApis);
afterEach(unmount);

const answer = (awaitingVersions: string[]): AvailableUpdatesAnswer => ({
  licenseId: "22222222-2222-4222-8222-222222222222",
  installedVersion: null,
  items: [],
  awaitingVerification: awaitingVersions.map((version, index) => ({ id: `3333333${index}-3333-4333-8333-333333333333`, version, publishedAt: "2026-11-20T10:00:00.000Z" })),
});

const plain = () => pageText().replace(/[\u2068\u2069]/g, "");

describe("the updates a .req's licence may take", { timeout: 20_000 }, () => {
  it("does not call an installation up to date while a newer published update is not offered to its licence (channel, feature or verification)", async () => {
    serveApi(() => success(answer(["1.0.0"])));
    mountWithApp(<AvailableUpdates licenseToken="token" />);
    await waitFor(() => expect(byTestId("available-awaiting")).not.toBeNull());
    expect(plain()).not.toContain("This installation is up to date");
    expect(plain()).toContain("Newer updates are not offered to this licence");
    expect(plain()).toContain("1.0.0 is published, but not offered to this licence: another release channel, a feature it lacks, or not verified for it yet.");
  });

  it("names every waiting version", async () => {
    serveApi(() => success(answer(["1.1.0", "1.0.0"])));
    mountWithApp(<AvailableUpdates licenseToken="token" />);
    await waitFor(() => expect(byTestId("available-awaiting")).not.toBeNull());
    expect(plain()).toContain("1.1.0 and 1.0.0 are published, but not offered to this licence");
  });

  it("says up to date when nothing newer is published", async () => {
    serveApi(() => success(answer([])));
    mountWithApp(<AvailableUpdates licenseToken="token" />);
    await waitFor(() => expect(byTestId("available-empty")).not.toBeNull());
    expect(plain()).toContain("This installation is up to date");
    expect(byTestId("available-awaiting")).toBeNull();
  });
});
