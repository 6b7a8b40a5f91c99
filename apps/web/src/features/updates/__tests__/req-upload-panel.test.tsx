import { act } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { byTestId, mountWithApp, refusal, serveApi } from "@/test/app";
import { click, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { ReqUploadPanel } from "../components/req-upload-panel";

beforeAll(stubBrowserApis);
afterEach(unmount);

/** Drops `file` on the panel as the browser's picker would. */
async function choose(file: File) {
  const input = byTestId("req-dropzone")?.querySelector('input[type="file"]');
  if (!input) throw new Error("no file input");
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const button = (name: string) => [...document.querySelectorAll("button")].find((element) => element.textContent === name);

describe("the .req upload panel", { timeout: 20_000 }, () => {
  it("shows a small file's size in bytes, not '0 KB'", async () => {
    mountWithApp(<ReqUploadPanel />);
    const content = "ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567\nbox\n";
    await choose(new File([content], "install.req"));
    await waitFor(() => expect(byTestId("req-file-size")).not.toBeNull());
    const size = byTestId("req-file-size")!.textContent ?? "";
    expect(size).not.toMatch(/^0\b/);
    expect(size).toMatch(new RegExp(`^${content.length}\\b`));
  });

  it("says that the key on the file's first line is none of the customer's licences", async () => {
    serveApi(() => refusal(404, "license/req_unknown_key", "not yours"));
    mountWithApp(<ReqUploadPanel />);
    await choose(new File(["ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567\n{\"hostname\":\"a\"}\n"], "install.req"));
    await waitFor(() => expect(button("Upload and activate")).toBeDefined());
    click(button("Upload and activate"));
    await waitFor(() => expect(byTestId("req-problem")?.textContent).toBe(
      "The licence key on the file's first line is not one of your licences. Check that the file comes from an installation of your licence.",
    ));
  });
});
