import { REQ_FILE_MAX_BYTES, REQ_FILE_MESSAGES } from "@portal/contract";
import { describe, expect, it } from "vitest";
import en from "@/locales/en";
import { checkReqFile, checkReqFileMeta, checkReqFileText } from "../components/req-file-check";

const file = (name: string, text: string) => new File([text], name, { type: "application/octet-stream" });

describe(".req checks of spec section 5", () => {
  it("needs a file", () => {
    expect(checkReqFileMeta(undefined)).toBe("missing");
  });

  it("takes .req only, in any letter case", () => {
    expect(checkReqFileMeta({ name: "machine.txt", size: 10 })).toBe("wrongType");
    expect(checkReqFileMeta({ name: "machine.req.zip", size: 10 })).toBe("wrongType");
    expect(checkReqFileMeta({ name: "MACHINE.REQ", size: 10 })).toBeNull();
  });

  it("takes at most 500KB", () => {
    expect(checkReqFileMeta({ name: "a.req", size: REQ_FILE_MAX_BYTES })).toBeNull();
    expect(checkReqFileMeta({ name: "a.req", size: REQ_FILE_MAX_BYTES + 1 })).toBe("tooLarge");
  });

  it("needs a key line and a data line, as the server reads them", () => {
    expect(checkReqFileText("KEY")).toBe("tooFewLines");
    expect(checkReqFileText("KEY\n")).toBe("tooFewLines");
    expect(checkReqFileText("KEY\n   \n")).toBe("tooFewLines");
    expect(checkReqFileText("\nDATA")).toBe("tooFewLines");
    expect(checkReqFileText("KEY\r\n{\"host\":\"a\"}")).toBeNull();
    expect(checkReqFileText("\uFEFFKEY\nDATA\nignored")).toBeNull();
  });

  it("reads the file's text after the cheap checks", async () => {
    expect(await checkReqFile(file("a.txt", "KEY\nDATA"))).toBe("wrongType");
    expect(await checkReqFile(file("a.req", "KEY"))).toBe("tooFewLines");
    expect(await checkReqFile(file("a.req", "KEY\nDATA"))).toBeNull();
  });

  it("shows the spec's exact English messages", () => {
    expect(en.updates.req.problems.wrongType).toBe("Please select only .req files");
    expect(en.updates.req.problems.tooLarge).toBe("File size cannot exceed 500KB");
    expect(en.updates.req.problems.wrongType).toBe(REQ_FILE_MESSAGES.wrongType);
    expect(en.updates.req.problems.tooLarge).toBe(REQ_FILE_MESSAGES.tooLarge);
    expect(en.updates.req.problems.tooFewLines).toBe(REQ_FILE_MESSAGES.tooFewLines);
    expect(en.updates.req.problems.missing).toBe(REQ_FILE_MESSAGES.missing);
  });
});
