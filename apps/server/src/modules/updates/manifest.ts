import type { Readable } from "node:stream";
import yazl from "yazl";
import type { UpdateManifest, UpdateType } from "@portal/contract";
import type { FileStore, StagedFile } from "../../lib/file-store.js";
import type { Signer } from "../../lib/signing.js";
import { PACKAGE_MANIFEST_NAME, PACKAGE_SIGNATURE_NAME } from "./install-paths.js";

export interface ManifestInput {
  updateId: string;
  version: string;
  type: UpdateType;
  header: string;
  changeLog: string;
  commands: string[];
  files: { name: string; path: string; size: number; sha256: string }[];
  publishedAt: Date;
}

export interface SignedManifestText {
  manifest: string;
  signature: string;
}

/**
 * The manifest's JSON text, its fields in the contract's order; the signature covers exactly these
 * UTF-8 bytes, so the text is stored as written and served as it is, never rebuilt from the row.
 */
export function signManifest(input: ManifestInput, signer: Signer): SignedManifestText {
  const manifest: UpdateManifest = {
    updateId: input.updateId,
    version: input.version,
    type: input.type,
    header: input.header,
    changeLog: input.changeLog,
    commands: input.commands,
    files: input.files.map((file) => ({ name: file.name, path: file.path, size: file.size, sha256: file.sha256 })),
    publishedAt: input.publishedAt.toISOString(),
  };
  const text = JSON.stringify(manifest);
  return { manifest: text, signature: signer.sign(text) };
}

const FILE_MODE = 0o100644;

/**
 * The update's package, staged in the store: one ZIP with `manifest.json`, `manifest.sig` (the base64
 * signature) and every file at its install path. Entries are stored, not compressed again (the
 * packages are ZIPs already), in manifest order with fixed modes and the publishing time, so the same
 * update always makes the same bytes; files stream from the store, never whole in memory.
 */
export async function buildPackage(store: FileStore, signed: SignedManifestText, input: ManifestInput): Promise<StagedFile> {
  const zip = new yazl.ZipFile();
  // yazl reports a file it cannot read on the ZipFile, not on its output: end the output with it, so staging fails.
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  const options = { mtime: input.publishedAt, mode: FILE_MODE, compress: false };
  zip.addBuffer(Buffer.from(signed.manifest, "utf8"), PACKAGE_MANIFEST_NAME, options);
  zip.addBuffer(Buffer.from(signed.signature, "utf8"), PACKAGE_SIGNATURE_NAME, options);
  // Each file is opened when yazl reaches it, never all at once; its size is the stored one, as a file's stat gave it.
  for (const file of input.files) {
    zip.addReadStreamLazy(file.path, { ...options, size: file.size }, (opened) => {
      store.read(file.sha256).then(
        ({ stream }) => opened(null, stream),
        (error: Error) => opened(error, undefined as never),
      );
    });
  }
  zip.end();
  return store.stage(output);
}
