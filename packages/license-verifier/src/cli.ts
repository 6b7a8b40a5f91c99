#!/usr/bin/env node
/**
 * license-verify — checks a licence file, a validation answer, an update manifest (and the files
 * downloaded for it) or an update package offline against the portal's public key.
 * Exit codes: 0 valid, 1 invalid, 2 usage or I/O error.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadPublicKey } from "./keys.js";
import { MACHINE_FILE_HEADER } from "./keygen-file-checks.js";
import { loadAnyPublicKey, verifyEncryptedLicenseFile, verifyMachineFile } from "./keygen-file.js";
import { verifyLicenseFile } from "./license-file.js";
import type {
  KeygenFileResult,
  License,
  LicenseFileResult,
  UpdateFileCheck,
  UpdateManifest,
  UpdatePackageFailureReason,
  ValidationAnswerResult,
} from "./types.js";
import { describeStatus, verifyUpdateFiles } from "./update-files.js";
import { verifySignedManifest, verifyUpdateManifest } from "./update-manifest.js";
import { verifyUpdatePackage } from "./update-package.js";
import { verifyValidationAnswer } from "./validation-answer.js";

const EXIT_VALID = 0;
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

const USAGE = `Usage:
  license-verify <file.lic> --public-key <key.pem> [--fingerprint <hex>] [--json]
  license-verify <file.lic> --license-key <key> --public-key <key> [--json]            (encrypted licence file)
  license-verify <machine.lic> --license-key <key> --fingerprint <fp> --public-key <key> [--json]
  license-verify --answer <answer.json> --public-key <key.pem> [--nonce <n>] [--max-age <seconds>] [--json]
  license-verify --manifest <manifest.json> [--signature <manifest.sig>] [--files <dir>] --public-key <key.pem> [--json]
  license-verify --package <update.zip> --public-key <key.pem> [--json]

Verifies, offline, against the portal's Ed25519 public key (PEM, "-----BEGIN PUBLIC KEY-----"):
a signed licence file, a signed answer of POST /api/v1/licenses/validate, a software update's
signed manifest (and the files downloaded for it), or a downloaded update package.

Options:
  -k, --public-key <key.pem>   the portal's public key (required)
  -f, --fingerprint <hex>      licence file only: require the file to be bound to this installation
                               (lower-case hex SHA-256 of the installation data); machine file: the
                               machine's fingerprint, part of the decryption key
  -l, --license-key <key>      encrypted licence file (alg aes-256-gcm+ed25519) or machine file
                               ("-----BEGIN MACHINE FILE-----", Keygen's format): the licence key,
                               exactly as the portal shows it, which decrypts the file. For these,
                               --public-key may also be the key itself as 64 hex characters (Keygen's
                               form) and the file may hold PEM, hex or base64 DER
  -a, --answer <answer.json>   verify a validation answer (the JSON response body) instead of a file
  -n, --nonce <n>              answer only: require the answer to echo this nonce (replay protection)
      --max-age <seconds>      answer only: require the answer's timestamp to be this fresh
  -m, --manifest <file>        verify an update manifest: manifest.json together with --signature,
                               or alone the saved answer of GET /api/v1/updates/{id}/manifest
  -s, --signature <file>       manifest only: the manifest's signature (manifest.sig, base64)
      --files <dir>            manifest only: also check the update's files in <dir>, each at its
                               install path (size and SHA-256)
  -p, --package <update.zip>   verify an update package (GET /api/v1/updates/{id}/package): its
                               manifest, and that it holds exactly the listed files, unaltered
      --json                   print the result object as JSON instead of a summary
  -h, --help                   show this help

Exit codes:
  0  valid (an authentic answer with data.valid = true, for --answer; for an update, an authentic
     manifest and every file intact)
  1  invalid (the reason is printed)
  2  usage or I/O error (unreadable file or folder, unusable public key, bad arguments)
`;

class UsageError extends Error {}

function out(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function err(text: string): void {
  process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
}

function cannotRead(path: string, what: string, error: unknown): UsageError {
  const detail = error instanceof Error ? error.message : String(error);
  return new UsageError(`Cannot read the ${what} "${path}": ${detail}`);
}

function readBytes(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw cannotRead(path, what, error);
  }
}

function readText(path: string, what: string): string {
  return readBytes(path, what).toString("utf8");
}

function rows(entries: [string, string][]): string {
  const width = Math.max(...entries.map(([label]) => label.length)) + 1;
  return entries.map(([label, value]) => `  ${`${label}:`.padEnd(width + 1)}${value}`).join("\n");
}

function licenseRows(license: License): [string, string][] {
  return [
    ["Key", license.key],
    ["Licence ID", license.id],
    ["Plan", license.planName],
    ["Status", license.status],
    ["Features", license.features.length ? license.features.join(", ") : "(none)"],
    ["Issued", license.issuedAt],
    ["Expires", license.expiresAt ?? "never"],
    ["Max activations", String(license.maxActivations)],
  ];
}

function describeFile(result: LicenseFileResult): string {
  const lines: string[] = [];
  const entries: [string, string][] = [];
  if (result.ok) {
    lines.push("VALID licence file");
  } else {
    lines.push(`INVALID licence file: ${result.reason}`, `  ${result.message}`);
  }
  const license = result.license;
  const meta = result.meta;
  if (license) entries.push(...licenseRows(license));
  if (meta) entries.push(["File issued", meta.issued], ["Refresh by", meta.expiry]);
  if (result.ok) {
    entries.push(["Installation", result.installation ? result.installation.fingerprint : "not bound to an installation"]);
    if (result.expired) entries.push(["Expired", "yes (perpetual fallback: keeps working; updates published after the end are not included)"]);
  }
  if (entries.length) lines.push(rows(entries));
  return lines.join("\n");
}

function describeAnswer(result: ValidationAnswerResult): string {
  if (!result.ok) return `INVALID validation answer: ${result.reason}\n  ${result.message}`;
  const { data } = result;
  const lines = [
    data.valid
      ? `VALID licence (authentic validation answer, code ${data.code})`
      : `INVALID licence: ${data.code} (authentic validation answer)`,
  ];
  const entries: [string, string][] = [["Code", data.code]];
  if (data.license) entries.push(...licenseRows(data.license));
  if (data.fingerprint !== undefined) entries.push(["Installation", data.fingerprint]);
  if (data.nonce !== undefined) entries.push(["Nonce", data.nonce]);
  entries.push(["Answered at", data.timestamp]);
  lines.push(rows(entries));
  return lines.join("\n");
}

/** A manifest's, a folder's or a package's result, as the library returns them. */
interface UpdateOutcome {
  ok: boolean;
  reason?: UpdatePackageFailureReason;
  message?: string;
  manifest?: UpdateManifest;
  files?: UpdateFileCheck[];
}

function manifestRows(manifest: UpdateManifest): [string, string][] {
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  return [
    ["Version", `${manifest.version} (${manifest.type})`],
    ["Header", manifest.header],
    ["Update ID", manifest.updateId],
    ["Published", manifest.publishedAt],
    ["Commands", String(manifest.commands.length)],
    ["Files", `${manifest.files.length} (${bytes} bytes)`],
  ];
}

/** Aligned columns, indented under the summary rows. */
function table(lines: string[][]): string {
  const widths = (lines[0] ?? []).map((_cell, column) => Math.max(...lines.map((line) => (line[column] ?? "").length)));
  const last = widths.length - 1;
  return lines.map((line) => `    ${line.map((cell, column) => (column < last ? cell.padEnd(widths[column] ?? 0) : cell)).join("  ")}`).join("\n");
}

/** `what` names what was verified: "update manifest", "update package"… */
function describeUpdate(what: string, result: UpdateOutcome): string {
  const lines = [result.ok ? `VALID ${what}` : `INVALID ${what}: ${result.reason ?? "UNKNOWN"}`];
  if (!result.ok && result.message) lines.push(`  ${result.message}`);
  if (result.manifest) lines.push(rows(manifestRows(result.manifest)));
  if (result.files?.length) {
    lines.push(table(result.files.map((file) => [describeStatus(file.status), file.path, file.message])));
  } else if (result.manifest?.files.length) {
    lines.push(table(result.manifest.files.map((file) => [file.path, `${file.size} bytes`, `SHA-256 ${file.sha256}`])));
  }
  return lines.join("\n");
}

const MODES = ["licence file", "answer", "manifest", "package"] as const;
type Mode = (typeof MODES)[number];
const MODE_LABELS: Record<Mode, string> = { "licence file": "a licence file", answer: "--answer", manifest: "--manifest", package: "--package" };

/** Options that belong to one mode only. */
const MODE_OPTIONS: Record<string, Mode> = {
  fingerprint: "licence file",
  "license-key": "licence file",
  nonce: "answer",
  "max-age": "answer",
  signature: "manifest",
  files: "manifest",
};

function readFolder(path: string): string {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    throw cannotRead(path, "update folder", error);
  }
  if (!isFolder) throw new UsageError(`The update folder "${path}" is not a folder.`);
  return path;
}

async function verifyManifestCommand(values: { manifest: string; signature?: string; files?: string }, publicKeyPem: string): Promise<UpdateOutcome> {
  const folder = values.files === undefined ? undefined : readFolder(values.files);
  const verified =
    values.signature === undefined
      ? verifySignedManifest(readBytes(values.manifest, "manifest answer"), publicKeyPem)
      : verifyUpdateManifest(readBytes(values.manifest, "update manifest"), readText(values.signature, "manifest signature"), publicKeyPem);
  if (!verified.ok || folder === undefined) return verified;
  return { ...(await verifyUpdateFiles(verified.manifest, folder)), manifest: verified.manifest };
}

async function verifyPackageCommand(zipPath: string, publicKeyPem: string): Promise<UpdateOutcome> {
  try {
    return await verifyUpdatePackage(zipPath, publicKeyPem);
  } catch (error) {
    throw cannotRead(zipPath, "update package", error);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        "public-key": { type: "string", short: "k" },
        fingerprint: { type: "string", short: "f" },
        "license-key": { type: "string", short: "l" },
        answer: { type: "string", short: "a" },
        nonce: { type: "string", short: "n" },
        "max-age": { type: "string" },
        manifest: { type: "string", short: "m" },
        signature: { type: "string", short: "s" },
        files: { type: "string" },
        package: { type: "string", short: "p" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(USAGE);
    return EXIT_VALID;
  }
  if (values["public-key"] === undefined) throw new UsageError("Missing --public-key <key.pem>.");

  const modes = MODES.filter((mode) => (mode === "licence file" ? positionals.length > 0 : values[mode] !== undefined));
  const choices = "a licence file, --answer, --manifest or --package";
  if (modes.length === 0) throw new UsageError(`Missing what to verify: ${choices}.`);
  if (modes.length > 1) throw new UsageError(`Verify one thing at a time: ${choices} (got ${modes.map((mode) => MODE_LABELS[mode]).join(" and ")}).`);
  const mode = modes[0] as Mode;
  if (positionals.length > 1) throw new UsageError(`Verify one licence file at a time (got ${positionals.length}).`);
  for (const [option, owner] of Object.entries(MODE_OPTIONS)) {
    if (values[option as keyof typeof values] !== undefined && owner !== mode) {
      throw new UsageError(`--${option} applies to ${MODE_LABELS[owner]} only.`);
    }
  }
  let maxAgeSeconds: number | undefined;
  if (values["max-age"] !== undefined) {
    maxAgeSeconds = Number(values["max-age"]);
    if (values["max-age"].trim() === "" || !Number.isFinite(maxAgeSeconds) || maxAgeSeconds < 0) {
      throw new UsageError(`--max-age must be a number of seconds, got "${values["max-age"]}".`);
    }
  }

  if (mode === "licence file") {
    const file = positionals[0] as string;
    const text = readText(file, "licence file");
    const isMachineFile = text.trimStart().startsWith(MACHINE_FILE_HEADER);
    if (isMachineFile || values["license-key"] !== undefined) return verifyEncryptedCommand(text, isMachineFile, values);
  }

  const publicKeyPem = readText(values["public-key"], "public key");
  const key = loadPublicKey(publicKeyPem);
  if (!key.ok) throw new UsageError(`Unusable public key "${values["public-key"]}": ${key.message}`);

  if (mode === "manifest" || mode === "package") {
    const result =
      values.package !== undefined
        ? await verifyPackageCommand(values.package, publicKeyPem)
        : await verifyManifestCommand({ ...values, manifest: values.manifest as string }, publicKeyPem);
    const what = mode === "package" ? "update package" : values.files !== undefined ? "update (manifest and files)" : "update manifest";
    out(values.json ? JSON.stringify(result, null, 2) : describeUpdate(what, result));
    return result.ok ? EXIT_VALID : EXIT_INVALID;
  }

  if (mode === "answer") {
    const answer = readText(values.answer as string, "validation answer");
    const result = verifyValidationAnswer(answer, publicKeyPem, {
      ...(values.nonce !== undefined ? { nonce: values.nonce } : {}),
      ...(maxAgeSeconds !== undefined ? { maxAgeSeconds } : {}),
    });
    out(values.json ? JSON.stringify(result, null, 2) : describeAnswer(result));
    return result.ok && result.data.valid ? EXIT_VALID : EXIT_INVALID;
  }

  const file = positionals[0] as string;
  const text = readText(file, "licence file");
  const result = verifyLicenseFile(text, publicKeyPem, values.fingerprint !== undefined ? { fingerprint: values.fingerprint } : {});
  if (!result.ok && result.reason === "UNSUPPORTED_ALGORITHM" && result.message.includes('"aes-256-gcm+ed25519"')) {
    throw new UsageError("This licence file is encrypted (aes-256-gcm+ed25519): give the licence key with --license-key <key>.");
  }
  out(values.json ? JSON.stringify(result, null, 2) : describeFile(result));
  return result.ok ? EXIT_VALID : EXIT_INVALID;
}

/** The public key of --public-key for an encrypted file: a file holding PEM, hex or base64 DER, or the hex key itself. */
function readAnyPublicKey(value: string): string {
  const text = /^[0-9a-fA-F]{64}$/.test(value) && !existsSync(value) ? value : readText(value, "public key");
  const key = loadAnyPublicKey(text);
  if (!key.ok) throw new UsageError(`Unusable public key "${value}": ${key.message}`);
  return text;
}

function describeEncrypted(what: string, result: KeygenFileResult): string {
  const lines = [result.ok ? `VALID ${what}` : `INVALID ${what}: ${result.reason}`];
  if (!result.ok) lines.push(`  ${result.message}`);
  const dataset = result.dataset;
  if (!dataset) return lines.join("\n");
  const entries: [string, string][] = [];
  const license = dataset.data.type === "licenses" ? dataset.data : dataset.included.find((item) => item.type === "licenses");
  if (dataset.data.type === "machines") {
    entries.push(["Machine ID", dataset.data.id], ["Fingerprint", String(dataset.data.attributes["fingerprint"])]);
  }
  if (license) {
    const { key, name, status, expiry } = license.attributes;
    entries.push(["Key", String(key)], ["Licence ID", license.id], ["Name", String(name)], ["Status", String(status)], ["Expires", expiry ? String(expiry) : "never"]);
  }
  const codes = dataset.included.filter((item) => item.type === "entitlements").map((item) => String(item.attributes["code"]));
  entries.push(["Entitlements", codes.length ? codes.join(", ") : "(none)"]);
  entries.push(["File issued", dataset.meta.issued], ["Refresh by", dataset.meta.expiry ?? "never"]);
  lines.push(rows(entries));
  return lines.join("\n");
}

function verifyEncryptedCommand(text: string, isMachineFile: boolean, values: { "license-key"?: string; fingerprint?: string; "public-key"?: string; json?: boolean }): number {
  const licenseKey = values["license-key"];
  if (licenseKey === undefined || licenseKey === "") throw new UsageError(`A ${isMachineFile ? "machine" : "licence"} file is decrypted with the licence key: give --license-key <key>.`);
  if (isMachineFile && (values.fingerprint === undefined || values.fingerprint === "")) {
    throw new UsageError("A machine file is decrypted with the licence key and the machine's fingerprint: give --fingerprint <fingerprint>.");
  }
  const publicKey = readAnyPublicKey(values["public-key"] as string);
  const result = isMachineFile
    ? verifyMachineFile(text, publicKey, { licenseKey, fingerprint: values.fingerprint as string })
    : verifyEncryptedLicenseFile(text, publicKey, { licenseKey });
  out(values.json ? JSON.stringify(result, null, 2) : describeEncrypted(isMachineFile ? "machine file" : "encrypted licence file", result));
  return result.ok ? EXIT_VALID : EXIT_INVALID;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      err(`license-verify: ${error.message}\nRun "license-verify --help" for usage.`);
    } else {
      err(`license-verify: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    process.exitCode = EXIT_USAGE;
  },
);
