import { createHash } from "node:crypto";

/**
 * Lower-case hex SHA-256 of the UTF-8 string. The portal's installation fingerprint is this hash of
 * line 2 of the customer's `.req` file (the installation data).
 */
export function fingerprintOf(installationData: string): string {
  return createHash("sha256").update(installationData, "utf8").digest("hex");
}
