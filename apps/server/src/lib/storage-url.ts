// Read by config.ts at every start: kept apart from lib/s3-file-store.ts, whose AWS SDK is loaded only when STORAGE_URL is set.

/** Where `STORAGE_URL=s3://BUCKET/PREFIX` points: the bucket, and the prefix of every object name ("" or ending in "/"). */
export interface StorageLocation {
  bucket: string;
  prefix: string;
}

// S3's rules for a bucket name (3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://BUCKET/PREFIX` (the prefix optional); undefined when the text is not that. */
export function parseStorageUrl(text: string): StorageLocation | undefined {
  const match = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const bucket = match[1]!;
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  if (!BUCKET_NAME.test(bucket) || bucket.includes("..")) return undefined;
  // Object names stay printable: no empty segments, no "." or "..", no control characters.
  // eslint-disable-next-line no-control-regex
  if (prefix !== "" && (/[\u0000-\u001f\u007f\\]/.test(prefix) || prefix.split("/").some((segment) => segment === "" || segment === "." || segment === ".."))) return undefined;
  return { bucket, prefix: prefix === "" ? "" : `${prefix}/` };
}
