import { UPDATE_LIMITS, UPDATE_MESSAGES } from "@portal/contract";
import { describe, expect, it } from "vitest";
import en from "@/locales/en";
import { checkChangelog, checkCommands, checkExtraPath, checkFiles, checkPackage, moveItem, slotForName, type ExtraDraft } from "../lib/wizard-rules";

const zip = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: "application/zip" });
const extra = (id: string, name: string, path: string): ExtraDraft => ({ id, file: zip(name), path });

describe("step 1: the packages and extra files (spec section 5)", () => {
  it("needs backend.zip and frontend.zip, named exactly so", () => {
    expect(checkPackage("backend", null)).toBe("missing");
    expect(checkPackage("backend", zip("backend.zip"))).toBeNull();
    expect(checkPackage("backend", zip("Backend.zip"))).toBe("wrongName");
    expect(checkPackage("backend", zip("frontend.zip"))).toBe("wrongName");
    expect(checkPackage("frontend", zip("frontend.zip"))).toBeNull();
    expect(checkPackage("frontend", zip("frontend.zip.zip"))).toBe("wrongName");
    expect(slotForName("frontend.zip")).toBe("frontend");
    expect(slotForName("backend.tar.gz")).toBeNull();
  });

  it("needs a relative install path without '..' for each extra file", () => {
    expect(checkExtraPath("")).toBe("required");
    expect(checkExtraPath("   ")).toBe("required");
    expect(checkExtraPath("config/app.ini")).toBeNull();
    expect(checkExtraPath("./config/app.ini")).toBeNull();
    expect(checkExtraPath("/etc/passwd")).toBe("unsafe");
    expect(checkExtraPath("\\\\server\\share")).toBe("unsafe");
    expect(checkExtraPath("C:\\portal\\app.ini")).toBe("unsafe");
    expect(checkExtraPath("C:/portal/app.ini")).toBe("unsafe");
    expect(checkExtraPath("config/../../etc/passwd")).toBe("unsafe");
    // The server wants forward slashes: a backslash is refused, not guessed at.
    expect(checkExtraPath("config\\app.ini")).toBe("unsafe");
    expect(checkExtraPath("config/\u0000app.ini")).toBe("unsafe");
    expect(checkExtraPath("config/..hidden/x")).toBeNull();
    expect(checkExtraPath("./")).toBe("required");
    expect(checkExtraPath("manifest.json")).toBe("reserved");
    expect(checkExtraPath("./Backend.zip")).toBe("reserved");
    expect(checkExtraPath("extras/backend.zip")).toBeNull();
    expect(checkExtraPath("a".repeat(UPDATE_LIMITS.maxPathLength))).toBeNull();
    expect(checkExtraPath("a".repeat(UPDATE_LIMITS.maxPathLength + 1))).toBe("tooLong");
  });

  it("checks the whole draft: every package, every path, paths shared (ignoring case, as on Windows), the number of extras", () => {
    const ok = checkFiles({ backend: zip("backend.zip"), frontend: zip("frontend.zip"), extras: [extra("a", "app.ini", "config/app.ini")] });
    expect(ok.ok).toBe(true);

    const bad = checkFiles({
      backend: zip("server.zip"),
      frontend: null,
      extras: [extra("a", "app.ini", "config/app.ini"), extra("b", "other.ini", "./Config//app.ini"), extra("c", "backend.zip", "x/backend.zip"), extra("d", "d.txt", "")],
    });
    expect(bad.ok).toBe(false);
    expect(bad.packages).toEqual({ backend: "wrongName", frontend: "missing" });
    expect(bad.paths).toEqual({ b: "duplicate", d: "required" });

    const many = checkFiles({
      backend: zip("backend.zip"),
      frontend: zip("frontend.zip"),
      extras: Array.from({ length: UPDATE_LIMITS.maxExtras + 1 }, (_, index) => extra(`e${index}`, `f${index}.txt`, `files/f${index}.txt`)),
    });
    expect(many.tooManyExtras).toBe(true);
    expect(many.ok).toBe(false);
  });

  it("shows the spec's exact English sentence for a missing path", () => {
    expect(en.updates.wizard.extraPathRequired).toBe(UPDATE_MESSAGES.extraPathRequired);
    expect(en.updates.wizard.filesUploaded).toBe(UPDATE_MESSAGES.filesUploaded);
    expect(en.updates.wizard.commandsSent).toBe(UPDATE_MESSAGES.commandsSent);
    expect(en.updates.wizard.fillAllFields).toBe(UPDATE_MESSAGES.fillAllFields);
    expect(en.updates.verify.done).toBe(UPDATE_MESSAGES.userVerified);
    expect(en.updates.wizard.uploadFailed).toBe(`${UPDATE_MESSAGES.uploadFailed}{{reason}}`);
    expect(en.updates.wizard.commandsFailed).toBe(`${UPDATE_MESSAGES.commandsFailed}{{reason}}`);
    expect(en.updates.wizard.stepThreeFailed).toBe(`${UPDATE_MESSAGES.stepThreeFailed}{{reason}}`);
    expect(en.updates.download.failed).toBe(`${UPDATE_MESSAGES.downloadFailed}{{reason}}`);
  });
});

describe("step 2: commands", () => {
  it("moves one command up or down and leaves the rest in order", () => {
    expect(moveItem(["a", "b", "c", "d"], 2, 1)).toEqual(["a", "c", "b", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 0, 1)).toEqual(["b", "a", "c", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    // Past either end nothing moves.
    expect(moveItem(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 1, 2)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });

  it("refuses empty and too long commands, and too many", () => {
    expect(checkCommands([]).ok).toBe(true);
    const checked = checkCommands([
      { id: "1", text: "systemctl restart portal" },
      { id: "2", text: "  " },
      { id: "3", text: "x".repeat(UPDATE_LIMITS.maxCommandLength + 1) },
    ]);
    expect(checked.problems).toEqual({ "2": "empty", "3": "tooLong" });
    expect(checked.ok).toBe(false);
    expect(checkCommands(Array.from({ length: UPDATE_LIMITS.maxCommands + 1 }, (_, index) => ({ id: String(index), text: "true" }))).tooMany).toBe(true);
  });
});

describe("step 3: the change log", () => {
  const filled = { header: "Faster activation", version: "2.4.0", type: "minor" as const, changeLog: "Activation takes one request." };

  it("needs every field ('Please fill in all fields')", () => {
    expect(checkChangelog(filled)).toEqual({ empty: [], badVersion: false, ok: true });
    expect(checkChangelog({ header: " ", version: "", type: "", changeLog: "" }).empty).toEqual(["header", "version", "type", "changeLog"]);
    expect(checkChangelog({ ...filled, type: "" }).ok).toBe(false);
  });

  it("takes a semantic version, as the contract's pattern does", () => {
    for (const version of ["0.0.1", "2.4.0", "10.20.30", "1.0.0-rc.1", "1.0.0-alpha-a.b-c"]) expect(checkChangelog({ ...filled, version }).badVersion, version).toBe(false);
    for (const version of ["2.4", "v2.4.0", "01.2.3", "1.2.3+build.5", "1.2.3-", "latest"]) expect(checkChangelog({ ...filled, version }).badVersion, version).toBe(true);
  });
});
