import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import path from "node:path";
import { PassThrough, Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsCommand,
  S3Client,
  UploadPartCopyCommand,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertFileStoreKey,
  LocalFileStore,
  measuringStream,
  notStoredError,
  Remembered,
  temporaryName,
  type ByteRange,
  type FileStore,
  type StagedFile,
  type StageOptions,
} from "./file-store.js";
import { isProcessGone, newProcessTag } from "./process-tag.js";
import type { StorageLocation } from "./storage-url.js";

export interface S3StoreOptions extends StorageLocation {
  /** S3_ENDPOINT: an S3-compatible service's address (MinIO, R2…); unset for AWS itself. */
  endpoint?: string | undefined;
  /** S3_REGION. */
  region: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset: the SDK's own chain (an instance role, say). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined } | undefined;
  /** The process's own folder (DATA_DIR/files) for the local copies of uploads that must be read at random. */
  localRoot: string;
  /** Objects per page of a listing (S3's own maximum, 1000, unless a test wants to see the paging). */
  listPageSize?: number;
}

/** Why the store cannot be used at start: names the variable to look at and quotes the storage's own error. */
export class StorageCheckError extends Error {
  override name = "StorageCheckError";
}

/**
 * A failure of the storage while a request uses it: the server's trouble (500, logged), never the
 * client's. The errno-like code makes lib/multipart and the ZIP checks treat it as a failing disk.
 */
export class StorageError extends Error {
  override name = "StorageError";
  readonly code = "ESTORAGE";
  constructor(message: string, options: { cause: unknown }) {
    super(`${message}: ${describeStorageError(options.cause)}`, options);
  }
}

// Parts of a streamed upload (5 MiB, S3's smallest): memory per upload is about PART_BYTES × (UPLOAD_QUEUE + 2).
const PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 4;
// CopyObject copies at most 5 GiB; larger files are copied in parts of this size.
const COPY_OBJECT_MAX_BYTES = 5 * 1024 * 1024 * 1024;
const COPY_PART_BYTES = 512 * 1024 * 1024;
/**
 * A temporary object or multipart upload this old belongs to no upload still running, whatever
 * process made it: another host's process tags cannot be checked, so age decides for them.
 */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const TEMPORARY_PREFIX = "tmp/";
const UNSIGNED_PAYLOAD_COMMANDS = new Set(["UploadPartCommand", "PutObjectCommand"]);
const CONNECT_TIMEOUT_MS = 10_000;
// A signed read address is valid this long, and reused for half of it.
const READ_ADDRESS_SECONDS = 15 * 60;

/** The whole object's size: after the slash of a `Content-Range`, else the length answered. */
function objectSize(contentRange: string | undefined, contentLength: string | number | undefined): number {
  const total = /\/(\d+)$/.exec(contentRange ?? "")?.[1];
  return Number(total ?? contentLength ?? 0);
}

/** "Code: message" of an SDK error (its HTTP status when it has no body), or a network error's code. */
export function describeStorageError(error: unknown): string {
  const failure = error as { name?: string; message?: string; code?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  const code = failure.Code ?? failure.code ?? failure.name ?? "Error";
  const status = failure.$metadata?.httpStatusCode;
  const message = failure.message && failure.message !== code && failure.message !== "UnknownError" ? failure.message : status ? `HTTP ${status}` : "no details";
  return `${code}: ${message}`;
}

const isNotFound = (error: unknown) => {
  const failure = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === "NoSuchKey" || failure.name === "NotFound" || failure.Code === "NoSuchKey" || failure.$metadata?.httpStatusCode === 404;
};

/**
 * The file store in a bucket of S3-compatible object storage, so that API processes on several
 * machines share no disk. Layout under the prefix: `<first two hex digits>/<sha256>`, uploads in
 * progress as `tmp/<process tag>/<name>.part` (a multipart upload while it streams, one object after).
 *
 * `stage` streams the upload through the measure (SHA-256, size limit, inspection) into a multipart
 * upload of the temporary object (lib-storage's `Upload`, a few parts in memory at a time); a refusal
 * or failure half-way aborts the multipart upload and deletes anything completed, so no object is
 * left. `store` copies the temporary object to its key on the storage's side (unless that content is
 * there already) and deletes the temporary one. What a killed process left (a temporary object, a
 * multipart upload never completed) is taken back at the next start by `removeAbandonedUploads`, from
 * the bucket's paged listing: at once when the process tag says it has ended, else after a day.
 */
export class S3FileStore implements FileStore {
  readonly kind = "s3";
  readonly client: S3Client;
  private readonly processTag = newProcessTag();
  private readonly localTemporaryDirectory: string;
  private readonly sizes = new Remembered<number>();
  /** Signed GET addresses of objects, each reused for the first half of its validity (see `read`). */
  private readonly readAddresses = new Remembered<{ url: URL; until: number }>();
  private readonly httpAgent = new HttpAgent({ keepAlive: true });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true });

  constructor(private readonly options: S3StoreOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 demands them: S3-compatible services differ on the newer trailing checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // An endpoint that drops packets fails the start (and a request) after this, instead of hanging it.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
    // The SDK signs a Buffer body by hashing it: one more SHA-256 pass over every upload, on the event
    // loop (a fifth of the server's CPU for a large package, measured). Its content is already hashed
    // while streaming and addressed by that hash; TLS keeps it whole on the way, as S3's other SDKs
    // assume when they send UNSIGNED-PAYLOAD by default. A plain-HTTP endpoint is as open to reading
    // and changing what it serves as to this.
    this.client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = args.request as { headers?: Record<string, string> };
        if (UNSIGNED_PAYLOAD_COMMANDS.has(context.commandName ?? "") && request.headers) request.headers["x-amz-content-sha256"] = "UNSIGNED-PAYLOAD";
        return next(args);
      },
      { step: "build", name: "unsignedUploadPayload" },
    );
    this.localTemporaryDirectory = path.join(options.localRoot, "tmp", this.processTag);
  }

  async close(): Promise<void> {
    this.client.destroy();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private objectKey(key: string): string {
    assertFileStoreKey(key);
    return `${this.options.prefix}${key.slice(0, 2)}/${key}`;
  }

  /** One small listing of the prefix: the bucket exists, the credentials are accepted and may list. */
  async check(): Promise<void> {
    try {
      await this.client.send(new ListObjectsCommand({ Bucket: this.options.bucket, Prefix: this.options.prefix, MaxKeys: 1 }));
    } catch (error) {
      throw new StorageCheckError(checkFailureMessage(this.options, error), { cause: error });
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw new StorageError(`cannot look for stored file ${key}`, { cause: error });
    }
  }

  async sizeOf(key: string): Promise<number> {
    const known = this.sizes.get(key);
    if (known !== undefined) return known;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      const size = head.ContentLength ?? 0;
      this.sizes.remember(key, size);
      return size;
    } catch (error) {
      if (isNotFound(error)) throw notStoredError(key);
      throw new StorageError(`cannot look for stored file ${key}`, { cause: error });
    }
  }

  /**
   * A download's bytes, by a plain GET of the object's signed address (made once per key and reused for
   * minutes): the SDK's whole middleware stack on every ranged request cost twice the CPU of the request
   * itself (8.5 against 4.2 ms a 64 KiB range, measured against s3rver). Anything but the object or a
   * 404 (an expired or refused address, a network failure) is asked again through the SDK, whose answer
   * (its retries, its error) stands.
   */
  async read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    let answer: IncomingMessage | undefined;
    try {
      answer = await this.getSigned(await this.readAddress(key), range);
    } catch {
      answer = undefined;
    }
    if (answer?.statusCode === 200 || answer?.statusCode === 206) return { stream: answer, size: objectSize(answer.headers["content-range"], answer.headers["content-length"]) };
    answer?.resume();
    if (answer?.statusCode === 404) {
      this.sizes.forget(key);
      throw notStoredError(key);
    }
    this.readAddresses.forget(key);
    return this.readThroughSdk(key, range);
  }

  private async readAddress(key: string): Promise<URL> {
    const known = this.readAddresses.get(key);
    if (known && known.until > Date.now()) return known.url;
    const signed = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }), { expiresIn: READ_ADDRESS_SECONDS });
    const url = new URL(signed);
    this.readAddresses.remember(key, { url, until: Date.now() + (READ_ADDRESS_SECONDS * 1000) / 2 });
    return url;
  }

  /** The answer's head; the connection's timeout covers reaching it, never a download the client reads slowly. */
  private getSigned(url: URL, range?: ByteRange): Promise<IncomingMessage> {
    const secure = url.protocol === "https:";
    return new Promise((resolve, reject) => {
      const request = (secure ? httpsRequest : httpRequest)(
        url,
        { agent: secure ? this.httpsAgent : this.httpAgent, headers: range ? { range: `bytes=${range.start}-${range.end}` } : {}, timeout: CONNECT_TIMEOUT_MS },
        (answer) => {
          request.setTimeout(0);
          resolve(answer);
        },
      );
      request.once("timeout", () => request.destroy(Object.assign(new Error("the storage did not answer"), { code: "ETIMEDOUT" })));
      request.once("error", reject);
      request.end();
    });
  }

  private async readThroughSdk(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isNotFound(error)) {
        this.sizes.forget(key);
        throw notStoredError(key);
      }
      throw new StorageError(`cannot read stored file ${key}`, { cause: error });
    }
    return { stream: answer.Body as Readable, size: objectSize(answer.ContentRange, answer.ContentLength) };
  }

  async remove(key: string): Promise<void> {
    this.sizes.forget(key);
    this.readAddresses.forget(key);
    await this.deleteObject(this.objectKey(key));
  }

  async removeUnlessReferenced(key: string, isReferenced: (key: string) => Promise<boolean>): Promise<boolean> {
    if (await isReferenced(key)) return false;
    await this.remove(key);
    return true;
  }

  private async deleteObject(objectKey: string): Promise<void> {
    try {
      // Deleting an object that is not there succeeds.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
    } catch (error) {
      throw new StorageError(`cannot delete ${objectKey}`, { cause: error });
    }
  }

  async *listKeys(): AsyncIterable<string[]> {
    const { prefix } = this.options;
    for await (const page of this.listPages(prefix)) {
      const keys: string[] = [];
      for (const object of page) {
        const match = /^([0-9a-f]{2})\/([0-9a-f]{64})$/.exec(object.Key?.slice(prefix.length) ?? "");
        if (match && match[2]!.startsWith(match[1]!)) keys.push(match[2]!);
      }
      if (keys.length > 0) yield keys;
    }
  }

  /**
   * The objects under `prefix`, a page at a time. ListObjects (version 1) with the last key as the next
   * page's marker: every S3-compatible service pages it the same way (some cannot make version 2's
   * continuation tokens), and keys come in order, so a page deleted meanwhile does not shift the next.
   */
  private async *listPages(prefix: string): AsyncIterable<{ Key?: string | undefined; LastModified?: Date | undefined }[]> {
    let marker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(new ListObjectsCommand({ Bucket: this.options.bucket, Prefix: prefix, Marker: marker, MaxKeys: this.options.listPageSize ?? 1000 }));
      } catch (error) {
        throw new StorageError(`cannot list ${prefix || "the bucket"}`, { cause: error });
      }
      const objects = page.Contents ?? [];
      yield objects;
      marker = page.NextMarker ?? objects.at(-1)?.Key;
      if (!page.IsTruncated || marker === undefined) return;
    }
  }

  async removeAbandonedUploads(): Promise<number> {
    let removed = await new LocalFileStore(this.options.localRoot).removeAbandonedUploads();
    const temporary = `${this.options.prefix}${TEMPORARY_PREFIX}`;
    const abandoned = (objectKey: string | undefined, since: Date | undefined) => {
      const tag = objectKey?.slice(temporary.length).split("/")[0];
      if (!tag) return false;
      return isProcessGone(tag) || (since !== undefined && Date.now() - since.getTime() > ABANDONED_AFTER_MS);
    };
    for await (const page of this.listPages(temporary)) {
      for (const object of page) {
        if (!abandoned(object.Key, object.LastModified)) continue;
        await this.deleteObject(object.Key!);
        removed++;
      }
    }
    removed += await this.abortAbandonedMultipartUploads(temporary, abandoned);
    return removed;
  }

  /** Multipart uploads a killed process never completed (invisible in the listing of objects, but stored and paid for). */
  private async abortAbandonedMultipartUploads(temporary: string, abandoned: (key: string | undefined, since: Date | undefined) => boolean): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.options.bucket, Prefix: temporary, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
      } catch (error) {
        // Some S3-compatible servers cannot list multipart uploads: the bucket's lifecycle rule
        // (AbortIncompleteMultipartUpload, see docs/scale-out.md) takes them back instead.
        if ((error as { name?: string }).name === "NotImplemented") return removed;
        throw new StorageError("cannot list multipart uploads", { cause: error });
      }
      for (const upload of page.Uploads ?? []) {
        if (!abandoned(upload.Key, upload.Initiated)) continue;
        try {
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        } catch (error) {
          throw new StorageError(`cannot abort the multipart upload of ${upload.Key}`, { cause: error });
        }
        removed++;
      }
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  async stage(source: Readable, options: StageOptions = {}): Promise<StagedFile> {
    // An upload can fail before the pipeline below listens; the error must not go unhandled meanwhile.
    source.on("error", () => undefined);
    const temporaryKey = `${this.options.prefix}${TEMPORARY_PREFIX}${this.processTag}/${temporaryName()}`;
    const measure = measuringStream(options);
    let localPath: string | undefined;
    let localCopy: WriteStream | undefined;
    if (options.localCopy) {
      await mkdir(this.localTemporaryDirectory, { recursive: true, mode: 0o700 });
      localPath = path.join(this.localTemporaryDirectory, temporaryName());
      localCopy = createWriteStream(localPath, { flags: "wx", mode: 0o600 });
    }
    const removeLocalCopy = async () => {
      if (localCopy && !localCopy.closed) {
        localCopy.destroy();
        await new Promise<void>((resolve) => localCopy.once("close", () => resolve()));
      }
      if (localPath) await rm(localPath, { force: true });
    };
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: temporaryKey, Body: body, ContentType: "application/octet-stream" },
      partSize: PART_BYTES,
      queueSize: UPLOAD_QUEUE,
      // A failed upload aborts its multipart upload: no parts are left behind.
      leavePartsOnError: false,
    });
    const uploading = upload.done();
    // The storage failing first stops the pipeline (it would otherwise wait for a reader that is gone);
    // a body already destroyed means the pipeline failed first (a refusal, the client gone).
    let storageFailure: unknown;
    uploading.catch((error: unknown) => {
      if (body.destroyed) return;
      storageFailure = error;
      body.destroy(error as Error);
    });
    const streams = localCopy ? [source, measure.transform, copyTo(localCopy), body] : [source, measure.transform, body];
    const piping = pipeline(streams);
    const { checkLocalCopy } = options;
    // The check reads the local copy while the storage still puts the parts together.
    const checked = checkLocalCopy && localPath ? piping.then(() => checkLocalCopy(localPath)) : piping;
    const [piped, sent] = await Promise.allSettled([checked, uploading]);
    if (piped.status === "rejected" || sent.status === "rejected") {
      // Whatever the multipart upload completed is deleted; lib-storage has aborted the rest.
      await removeLocalCopy();
      await this.deleteObject(temporaryKey).catch(() => undefined);
      if (storageFailure !== undefined || piped.status === "fulfilled") {
        throw new StorageError(`cannot upload ${temporaryKey}`, { cause: storageFailure ?? (sent as PromiseRejectedResult).reason });
      }
      // The refusal (too large, a wrong type) or the client's failure is what the caller hears.
      throw piped.reason;
    }
    const { sha256, size } = measure.result();
    const finalKey = this.objectKey(sha256);
    let settled = false;
    return {
      sha256,
      size,
      path: localPath,
      store: async () => {
        if (settled) throw new Error("this staged file was already stored or discarded");
        settled = true;
        await removeLocalCopy();
        if (await this.exists(sha256)) {
          await this.deleteObject(temporaryKey);
          return { key: sha256, created: false };
        }
        await this.copyObject(temporaryKey, finalKey, size);
        await this.deleteObject(temporaryKey);
        return { key: sha256, created: true };
      },
      discard: async () => {
        settled = true;
        await removeLocalCopy();
        await this.deleteObject(temporaryKey);
      },
    };
  }

  /** A copy on the storage's side: one CopyObject up to 5 GiB, a multipart copy past that. */
  private async copyObject(from: string, to: string, size: number): Promise<void> {
    const bucket = this.options.bucket;
    const source = `${bucket}/${from.split("/").map(encodeURIComponent).join("/")}`;
    try {
      if (size <= COPY_OBJECT_MAX_BYTES) {
        await this.client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: source, ContentType: "application/octet-stream" }));
        return;
      }
      const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: to, ContentType: "application/octet-stream" }));
      try {
        const parts: { ETag: string | undefined; PartNumber: number }[] = [];
        for (let start = 0, part = 1; start < size; start += COPY_PART_BYTES, part++) {
          const end = Math.min(start + COPY_PART_BYTES, size) - 1;
          const copied = await this.client.send(
            new UploadPartCopyCommand({ Bucket: bucket, Key: to, UploadId, PartNumber: part, CopySource: source, CopySourceRange: `bytes=${start}-${end}` }),
          );
          parts.push({ ETag: copied.CopyPartResult?.ETag, PartNumber: part });
        }
        await this.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId, MultipartUpload: { Parts: parts } }));
      } catch (error) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId })).catch(() => undefined);
        throw error;
      }
    } catch (error) {
      throw new StorageError(`cannot copy ${from} to ${to}`, { cause: error });
    }
  }
}

/** Passes every chunk on and writes it to `sink` too, at the pace of the slower of the two; the sink's failure fails the pipeline. */
function copyTo(sink: WriteStream): Transform {
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (sink.write(chunk)) return done(null, chunk);
      sink.once("drain", () => done(null, chunk));
    },
    flush(done) {
      sink.end(() => done());
    },
    destroy(error, done) {
      sink.destroy();
      done(error);
    },
  });
  sink.on("error", (error) => tee.destroy(error));
  return tee;
}

function checkFailureMessage(options: S3StoreOptions, error: unknown): string {
  const where = `STORAGE_URL=s3://${options.bucket}/${options.prefix}`;
  const storageSays = describeStorageError(error);
  const failure = error as { name?: string; code?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  const code = failure.Code ?? failure.name ?? "";
  const status = failure.$metadata?.httpStatusCode;
  if (code === "NoSuchBucket" || (status === 404 && code !== "NotFound")) {
    return `STORAGE_URL: the bucket "${options.bucket}" does not exist at ${options.endpoint ?? "AWS S3"} (${storageSays})`;
  }
  if (["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "InvalidToken", "ExpiredToken", "Forbidden", "CredentialsProviderError"].includes(code) || status === 403 || status === 401) {
    return `AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: the storage refused these credentials for ${where} (${storageSays})`;
  }
  const network = failure.code ?? "";
  if (/^E[A-Z]+$/.test(network) || code === "TimeoutError") {
    return `S3_ENDPOINT: the storage at ${options.endpoint ?? "AWS S3"} cannot be reached for ${where} (${storageSays})`;
  }
  return `STORAGE_URL: ${where} cannot be used (${storageSays})`;
}
