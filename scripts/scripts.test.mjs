// The repository's own scripts: `npm test`'s closing summary and `npm start`'s build check.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { buildFingerprint } from "./build-if-changed.mjs";
import { TestSummary } from "./test-summary.mjs";

describe("npm test's closing summary", () => {
  it("counts and names every suite that could not run", () => {
    const summary = new TestSummary();
    summary.add({ passed: 10, failed: 0, skipped: 1 });
    summary.skipSuite("end-to-end tests in Chromium", "/usr/bin/chromium not found");
    summary.skipSuite("load at size", "set TEST_DATABASE_URL");
    const lines = summary.closingLines();
    assert.equal(lines.at(-1), "10 passed, 0 failed, 3 skipped");
    assert.match(lines[0], /end-to-end tests in Chromium \(\/usr\/bin\/chromium not found\); load at size \(set TEST_DATABASE_URL\)/);
  });

  it("never closes a failed run with 0 failed", () => {
    const summary = new TestSummary();
    summary.add({ passed: 4 });
    summary.failSuite("server integration tests", 0);
    summary.add({ passed: 2, failed: 3 });
    summary.failSuite("web unit tests", 3);
    assert.deepEqual(summary.closingLines(), ["Failed: server integration tests; web unit tests", "6 passed, 4 failed, 0 skipped"]);
  });

  it("names each failed and flaky test and where the time went, before the closing line", () => {
    const summary = new TestSummary();
    summary.timed("server integration tests", 612);
    summary.add({ passed: 5, failed: 1 });
    summary.failedTest("tests/floating-seats.spec.ts:105: floating seats › an admin sees 2 live seats");
    summary.flakyTest("tests/accounts.spec.ts:61: logs out after a password change");
    summary.failSuite("end-to-end tests in Chromium", 1);
    assert.deepEqual(summary.closingLines(), [
      "Time per suite: server integration tests 612 s",
      "Flaky (failed, then passed on a retry): tests/accounts.spec.ts:61: logs out after a password change",
      "Failed tests: tests/floating-seats.spec.ts:105: floating seats › an admin sees 2 live seats",
      "Failed: end-to-end tests in Chromium",
      "5 passed, 1 failed, 0 skipped",
    ]);
  });

  it("is one plain line when everything ran", () => {
    const summary = new TestSummary();
    summary.add({ passed: 7 });
    assert.deepEqual(summary.closingLines(), ["7 passed, 0 failed, 0 skipped"]);
  });
});

describe("npm start's build check", () => {
  function repository() {
    const root = mkdtempSync(path.join(os.tmpdir(), "portal-fingerprint-"));
    for (const [file, text] of [
      ["package-lock.json", "{}"],
      ["apps/web/src/main.tsx", "render()"],
      ["apps/server/src/server.ts", "listen()"],
      ["packages/contract/src/index.ts", "export {}"],
    ]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  it("sees a changed, added or removed source, and nothing else", () => {
    const root = repository();
    try {
      const first = buildFingerprint(root);
      assert.equal(buildFingerprint(root), first, "the same tree, the same fingerprint");
      // Build outputs and dependencies are not inputs.
      mkdirSync(path.join(root, "apps/web/dist"), { recursive: true });
      writeFileSync(path.join(root, "apps/web/dist/index.html"), "<html>");
      mkdirSync(path.join(root, "apps/server/node_modules/x"), { recursive: true });
      writeFileSync(path.join(root, "apps/server/node_modules/x/index.js"), "1");
      assert.equal(buildFingerprint(root), first);

      writeFileSync(path.join(root, "apps/server/src/server.ts"), "listen(8080)");
      const changed = buildFingerprint(root);
      assert.notEqual(changed, first);
      writeFileSync(path.join(root, "apps/web/src/extra.ts"), "");
      const added = buildFingerprint(root);
      assert.notEqual(added, changed);
      rmSync(path.join(root, "apps/web/src/extra.ts"));
      assert.equal(buildFingerprint(root), changed);
      writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3}');
      assert.notEqual(buildFingerprint(root), changed, "new dependencies build again");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
