import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTotpSecretBox } from "./secret-box.js";
import { loadSigner } from "./signing.js";

/** Processes starting together on one (shared) DATA_DIR, as behind a load balancer. */
describe("key files made on first start", () => {
  it("give every process starting at the same moment the one signing key and TOTP key", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-keys-"));
    try {
      const signers = await Promise.all(Array.from({ length: 12 }, () => loadSigner({ dataDir })));
      expect(new Set(signers.map((signer) => signer.keyId)).size).toBe(1);

      const boxes = await Promise.all(Array.from({ length: 12 }, () => loadTotpSecretBox({ dataDir })));
      const sealed = boxes[0]!.seal("JBSWY3DPEHPK3PXP");
      for (const box of boxes) expect(box.open(sealed)).toBe("JBSWY3DPEHPK3PXP");

      // Only the two keys remain, readable by the owner alone: no temporary file is left behind.
      const files = (await readdir(dataDir)).sort();
      expect(files).toEqual(["license-signing-key.pem", "totp-encryption.key"]);
      for (const file of files) expect((await stat(path.join(dataDir, file))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
