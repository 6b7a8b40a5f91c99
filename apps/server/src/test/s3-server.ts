import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DeleteObjectsCommand, ListObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";

/** s3rver's one account. */
export const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** A client of the bucket with the right credentials, for the tests' own looks. */
  client: S3Client;
  /** The configuration of an app storing under `prefix` of the bucket (keys from their variables, as STORAGE_URL requires). */
  env(prefix: string): Record<string, string>;
  /** Every object name under `prefix`, sorted. */
  objects(prefix?: string): Promise<string[]>;
  /** Deletes every object under `prefix`. */
  empty(prefix?: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, serving the S3 API from a temporary folder) on 127.0.0.1, with
 * one bucket; the portal reaches it with the real AWS client, path-style.
 */
export async function startS3Server(bucket = "portal-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "portal-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3_CREDENTIALS });
  const objects = async (prefix = "") => {
    // Version 1 with markers: s3rver makes version 2's continuation tokens with DES, which Node's OpenSSL 3 no longer has.
    const names: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker }));
      names.push(...(page.Contents ?? []).map((object) => object.Key!));
      marker = names.at(-1);
      if (!page.IsTruncated) return names.sort();
    }
  };
  return {
    endpoint,
    bucket,
    client,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "1",
      AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      LICENSE_SIGNING_KEY: TEST_SIGNING_KEY,
      TOTP_ENCRYPTION_KEY: "0".repeat(63) + "1",
    }),
    objects,
    empty: async (prefix = "") => {
      const names = await objects(prefix);
      if (names.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: names.map((Key) => ({ Key })) } }));
    },
    stop: async () => {
      client.destroy();
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** One s3rver for the whole test file. */
export function useS3Server(): TestS3Server {
  const holder = {} as TestS3Server;
  beforeAll(async () => {
    Object.assign(holder, await startS3Server());
  });
  afterAll(async () => {
    if (holder.stop) await holder.stop();
  });
  return holder;
}

// A fixed Ed25519 key for tests only (STORAGE_URL needs LICENSE_SIGNING_KEY set).
const TEST_SIGNING_KEY = "-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIB9nqJ3ZqC2pyv1cC6pZ1WQq4aH0c2Yy6gOq9y2J8n5T\\n-----END PRIVATE KEY-----\\n";
