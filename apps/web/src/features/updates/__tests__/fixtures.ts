import type { Update } from "@portal/contract";

/** A draft as the API answers it (two packages of a few MB and an extra), changed by `overrides`. */
export function updateFixture(overrides: Partial<Update> = {}): Update {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    status: "draft",
    version: null,
    type: null,
    header: null,
    changeLog: null,
    commands: [],
    files: [
      { name: "backend.zip", kind: "backend", path: "backend.zip", size: 2 * 1024 * 1024, sha256: "a".repeat(64) },
      { name: "frontend.zip", kind: "frontend", path: "frontend.zip", size: 1024 * 1024, sha256: "b".repeat(64) },
      { name: "portal.ini", kind: "extra", path: "config/portal.ini", size: 120, sha256: "c".repeat(64) },
    ],
    totalSize: 3 * 1024 * 1024 + 120,
    createdAt: "2026-11-23T10:00:00.000Z",
    updatedAt: "2026-11-23T10:00:00.000Z",
    publishedAt: null,
    createdBy: { id: "22222222-2222-4222-8222-222222222222", name: "Ada Admin" },
    verifiedLicenses: 0,
    channel: "stable",
    requiredFeatures: [],
    yankedAt: null,
    ...overrides,
  };
}
