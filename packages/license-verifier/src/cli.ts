#!/usr/bin/env node
/**
 * license-verify — checks a licence file or a validation answer offline against the portal's public key.
 * Exit codes: 0 valid, 1 invalid, 2 usage or I/O error.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadPublicKey } from "./keys.js";
import { verifyLicenseFile } from "./license-file.js";
import type { License, LicenseFileResult, ValidationAnswerResult } from "./types.js";
import { verifyValidationAnswer } from "./validation-answer.js";

const EXIT_VALID = 0;
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

const USAGE = `Usage:
  license-verify <file.lic> --public-key <key.pem> [--fingerprint <hex>] [--json]
  license-verify --answer <answer.json> --public-key <key.pem> [--nonce <n>] [--max-age <seconds>] [--json]

Verifies, offline, a signed licence file or a signed answer of POST /api/v1/licenses/validate
against the portal's Ed25519 public key (PEM, "-----BEGIN PUBLIC KEY-----").

Options:
  -k, --public-key <key.pem>   the portal's public key (required)
  -f, --fingerprint <hex>      licence file only: require the file to be bound to this installation
                               (lower-case hex SHA-256 of the installation data)
  -a, --answer <answer.json>   verify a validation answer (the JSON response body) instead of a file
  -n, --nonce <n>              answer only: require the answer to echo this nonce (replay protection)
      --max-age <seconds>      answer only: require the answer's timestamp to be this fresh
      --json                   print the result object as JSON instead of a summary
  -h, --help                   show this help

Exit codes:
  0  valid (an authentic answer with data.valid = true, for --answer)
  1  invalid (the reason is printed)
  2  usage or I/O error (unreadable file, unusable public key, bad arguments)
`;

class UsageError extends Error {}

function out(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function err(text: string): void {
  process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new UsageError(`Cannot read the ${what} "${path}": ${detail}`);
  }
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

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        "public-key": { type: "string", short: "k" },
        fingerprint: { type: "string", short: "f" },
        answer: { type: "string", short: "a" },
        nonce: { type: "string", short: "n" },
        "max-age": { type: "string" },
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

  const answerMode = values.answer !== undefined;
  if (answerMode) {
    if (positionals.length) throw new UsageError("Give either a licence file or --answer, not both.");
    if (values.fingerprint !== undefined) throw new UsageError("--fingerprint applies to licence files, not to --answer.");
  } else {
    if (positionals.length === 0) throw new UsageError("Missing the licence file to verify (or --answer <answer.json>).");
    if (positionals.length > 1) throw new UsageError(`Verify one licence file at a time (got ${positionals.length}).`);
    if (values.nonce !== undefined) throw new UsageError("--nonce applies to --answer, not to licence files.");
    if (values["max-age"] !== undefined) throw new UsageError("--max-age applies to --answer, not to licence files.");
  }
  let maxAgeSeconds: number | undefined;
  if (values["max-age"] !== undefined) {
    maxAgeSeconds = Number(values["max-age"]);
    if (values["max-age"].trim() === "" || !Number.isFinite(maxAgeSeconds) || maxAgeSeconds < 0) {
      throw new UsageError(`--max-age must be a number of seconds, got "${values["max-age"]}".`);
    }
  }

  const publicKeyPem = readText(values["public-key"], "public key");
  const key = loadPublicKey(publicKeyPem);
  if (!key.ok) throw new UsageError(`Unusable public key "${values["public-key"]}": ${key.message}`);

  if (values.answer !== undefined) {
    const answer = readText(values.answer, "validation answer");
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
  out(values.json ? JSON.stringify(result, null, 2) : describeFile(result));
  return result.ok ? EXIT_VALID : EXIT_INVALID;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    err(`license-verify: ${error.message}\nRun "license-verify --help" for usage.`);
  } else {
    err(`license-verify: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  process.exitCode = EXIT_USAGE;
}
