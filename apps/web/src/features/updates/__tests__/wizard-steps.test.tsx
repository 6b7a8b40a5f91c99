import { notifications } from "@mantine/notifications";
import { act, type ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountInApp, pageText } from "@/test/app";
import { click, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { FakeXhr } from "@/test/fake-xhr";
import { ChangelogStep } from "../components/wizard/changelog-step";
import { CommandsStep } from "../components/wizard/commands-step";
import { FilesStep } from "../components/wizard/files-step";
import { UpdateWizardPage } from "../pages/update-wizard-page";
import { updateFixture } from "./fixtures";

const draft = updateFixture;

// Steps are rendered on their own, inside the app's providers.
const render = (element: ReactNode) => mountInApp(element);

type Call = { method: string; path: string; body: unknown };
const ok = (data: unknown) => ({ status: 200, body: { status: "success", data } });
/** A fake API; `readDelayMs` makes reads take a while, as a real round trip does (re-renders land in between). */
function serve(answer: (call: Call) => { status: number; body?: unknown }, readDelayMs = 0) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const raw = init?.body;
    const call = { method: init?.method ?? "GET", path: new URL(String(input), "http://x").pathname, body: typeof raw === "string" ? JSON.parse(raw) : undefined };
    calls.push(call);
    if (call.method === "GET" && readDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, readDelayMs));
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

/** `size` bytes ending in a ZIP's end-of-central-directory record, as the browser's check looks for. */
const zip = (name: string, size = 100) => {
  const bytes = new Uint8Array(Math.max(size, 22));
  bytes.set([0x50, 0x4b, 0x05, 0x06], bytes.length - 22);
  return new File([bytes], name, { type: "application/zip" });
};
const notZip = (name: string) => new File(["<html>a saved web page, not a ZIP</html>"], name, { type: "application/zip" });
/** Text without the direction isolates around file names. */
const plain = (value: string | null | undefined) => (value ?? "").replace(/[\u2068\u2069]/g, "");
const toasts = () => [...document.querySelectorAll(".mantine-Notification-root")].map((toast) => plain(toast.textContent));
const text = pageText;
const all = allByTestId;
const button = (name: string) => [...document.querySelectorAll<HTMLElement>("button")].find((element) => element.textContent === name || element.getAttribute("aria-label") === name);

/** Chooses files in a file input as the browser's picker would. */
async function choose(input: Element | null, files: File[]) {
  if (!input) throw new Error("no file input");
  Object.defineProperty(input, "files", { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
const packageInput = (slot: "backend" | "frontend") => byTestId(`package-${slot}`)?.querySelector('input[type="file"]') ?? null;
const extrasInput = () => document.querySelector('input[type="file"][multiple]');

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  // The toast store outlives a mounted tree: each test starts without the last one's toasts (a toast
  // replacing one left over would show both while the old one leaves).
  notifications.clean();
  vi.unstubAllGlobals();
});

describe("step 1: upload files", { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });

  it("checks the names and the extra files' paths before anything is sent", async () => {
    render(<FilesStep onUploaded={() => undefined} />);
    await choose(packageInput("backend"), [zip("server.zip")]);
    await waitFor(() => expect(byTestId("package-backend-problem")?.textContent).toBe("The backend file must be named backend.zip."));

    click(byTestId("files-upload"));
    expect(byTestId("package-frontend-problem")?.textContent).toBe("Both backend.zip and frontend.zip are required.");
    expect(FakeXhr.last).toBeUndefined();

    click(button("Remove server.zip"));
    await choose(packageInput("backend"), [zip("backend.zip")]);
    await choose(packageInput("frontend"), [zip("frontend.zip")]);
    await choose(extrasInput(), [zip("app.ini", 10), zip("logo.png", 10)]);
    expect(all("extra-file")).toHaveLength(2);
    click(byTestId("files-upload"));
    await waitFor(() => expect(byTestId("files-problems")?.textContent).toBe("Please provide a path for each extra file."));
    expect(text()).toContain("Please provide a path for each extra file.");
    expect(FakeXhr.last).toBeUndefined();

    const [first, second] = all("extra-path") as HTMLInputElement[];
    type(first!, "config/app.ini");
    type(second!, "../../etc/logo.png");
    expect(text()).toContain("The path must be relative and cannot contain “..”.");
    type(second!, "config/app.ini");
    expect(text()).toContain("Another extra file already installs to this path.");
    expect(FakeXhr.last).toBeUndefined();
  });

  it("uploads the packages and each extra followed by its path, with a bar of the bytes sent, then says so", async () => {
    const uploaded = vi.fn();
    render(<FilesStep onUploaded={uploaded} />);
    await choose(packageInput("backend"), [zip("backend.zip", 600)]);
    await choose(packageInput("frontend"), [zip("frontend.zip", 300)]);
    await choose(extrasInput(), [zip("app.ini", 50), zip("logo.png", 50)]);
    const [first, second] = all("extra-path") as HTMLInputElement[];
    type(first!, " config/app.ini ");
    type(second!, "assets/logo.png");
    click(byTestId("files-upload"));

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/v1/updates");
    const form = xhr.body as FormData;
    expect([...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name])).toEqual([
      ["backend", "backend.zip"],
      ["frontend", "frontend.zip"],
      ["extras", "app.ini"],
      ["extraPaths", "config/app.ini"],
      ["extras", "logo.png"],
      ["extraPaths", "assets/logo.png"],
    ]);
    const bar = () => byTestId("upload-progress")?.querySelector('[role="progressbar"]');
    await waitFor(() => expect(bar()?.getAttribute("aria-valuenow")).toBe("0"));
    act(() => xhr.progress(400, 1000));
    expect(bar()?.getAttribute("aria-valuenow")).toBe("40");
    expect(byTestId("upload-progress-text")?.textContent).toBe("400 bytes of 1,000 bytes · 40%");
    act(() => xhr.answer(201, { status: "success", data: draft() }));
    await waitFor(() => expect(text()).toContain("Files uploaded successfully!"));
    expect(uploaded).toHaveBeenCalledWith(draft());
  });

  it("says why an upload failed, with the reason translated from its code; a cancel is not a failure", async () => {
    render(<FilesStep onUploaded={() => undefined} />);
    await choose(packageInput("backend"), [zip("backend.zip")]);
    await choose(packageInput("frontend"), [zip("frontend.zip")]);
    click(byTestId("files-upload"));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => FakeXhr.last!.answer(422, { detail: [{ loc: ["update/not_a_zip"], msg: "This file is not a valid ZIP archive.", type: "error" }] }));
    await waitFor(() => expect(text()).toContain("Failed to upload files: This file is not a valid ZIP archive."));

    click(byTestId("files-upload"));
    await waitFor(() => expect(byTestId("upload-progress")).toBeTruthy());
    click(button("Cancel upload"));
    await waitFor(() => expect(text()).toContain("The upload was cancelled. Nothing was stored."));
    expect(FakeXhr.last!.aborted).toBe(true);
    expect(byTestId("upload-progress")).toBeNull();
  });
});

describe("step 1: a file that is not a ZIP", { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });

  it("names the file on its row as soon as it is chosen, keeps the error until the file is replaced, and sends nothing meanwhile", async () => {
    render(<FilesStep onUploaded={() => undefined} />);
    await choose(packageInput("backend"), [notZip("backend.zip")]);
    await choose(packageInput("frontend"), [zip("frontend.zip")]);
    await waitFor(() => expect(plain(byTestId("package-backend-problem")?.textContent)).toBe("backend.zip is not a ZIP archive. Choose the ZIP file of the build."));
    expect(byTestId("package-frontend-problem")).toBeNull();

    click(byTestId("files-upload"));
    expect(FakeXhr.last).toBeUndefined();
    // Still there after the toasts would have gone.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(plain(byTestId("package-backend-problem")?.textContent)).toContain("backend.zip is not a ZIP archive.");

    click(button("Remove backend.zip"));
    await choose(packageInput("backend"), [zip("backend.zip")]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(byTestId("package-backend-problem")).toBeNull();
    click(byTestId("files-upload"));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
  });

  it("puts the server's refusal of one package on that package's row until it is replaced, and a later success replaces the error toast", async () => {
    const uploaded = vi.fn();
    render(<FilesStep onUploaded={uploaded} />);
    await choose(packageInput("backend"), [zip("backend.zip")]);
    await choose(packageInput("frontend"), [zip("frontend.zip")]);
    click(byTestId("files-upload"));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => FakeXhr.last!.answer(422, { detail: [{ loc: ["update/not_a_zip", "frontend"], msg: "This file is not a valid ZIP archive: it is damaged.", type: "error" }] }));
    await waitFor(() => expect(byTestId("package-frontend-problem")?.textContent).toBe("This file is not a valid ZIP archive."));
    expect(byTestId("package-backend-problem")).toBeNull();
    expect(toasts()).toEqual([expect.stringContaining("frontend.zip was refused: This file is not a valid ZIP archive.")]);

    FakeXhr.last = undefined;
    click(byTestId("files-upload"));
    expect(FakeXhr.last).toBeUndefined();

    click(button("Remove frontend.zip"));
    await choose(packageInput("frontend"), [zip("frontend.zip")]);
    expect(byTestId("package-frontend-problem")).toBeNull();
    click(byTestId("files-upload"));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => FakeXhr.last!.answer(201, { status: "success", data: draft() }));
    await waitFor(() => expect(uploaded).toHaveBeenCalled());
    // The success replaces the flow's toast (the refusal's warning, after the error): the old one leaves
    // with its exit transition (250 ms), long before its own auto-close (4 s), and one toast stays.
    await waitFor(() => expect(toasts()).toEqual([expect.stringContaining("Files uploaded successfully!")]), 2_000);
  });
});

describe("step 2: commands", { timeout: 20_000 }, () => {
  const inputs = () => all("command-input") as HTMLInputElement[];
  const values = () => inputs().map((input) => input.value);

  it("adds, reorders with the keyboard-reachable buttons (focus follows the command) and removes commands, then sends them in order", async () => {
    const calls = serve((call) => ok(draft({ commands: (call.body as { commands: string[] }).commands })));
    const sent = vi.fn();
    render(<CommandsStep update={draft({ commands: ["stop portal", "migrate"] })} onSent={sent} />);
    expect(values()).toEqual(["stop portal", "migrate"]);

    click(byTestId("command-add"));
    expect(document.activeElement).toBe(inputs()[2]);
    type(inputs()[2]!, "start portal");

    const up = () => all("command-up");
    expect(up()[0]).toBeDisabled();
    click(up()[2]);
    expect(values()).toEqual(["stop portal", "start portal", "migrate"]);
    expect(document.activeElement).toBe(up()[1]);
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Command moved to position 2 of 3.");
    click(up()[1]);
    expect(values()).toEqual(["start portal", "stop portal", "migrate"]);
    // At the top its "up" button is disabled: focus moves to its "down" button.
    expect(document.activeElement).toBe(all("command-down")[0]);
    click(all("command-down")[0]);
    click(all("command-down")[1]);
    expect(values()).toEqual(["stop portal", "migrate", "start portal"]);
    expect(all("command-down")[2]).toBeDisabled();

    click(all("command-remove")[1]);
    expect(values()).toEqual(["stop portal", "start portal"]);

    click(byTestId("commands-send"));
    await waitFor(() => expect(text()).toContain("Commands sent successfully!"));
    expect(calls).toEqual([{ method: "PUT", path: "/api/v1/updates/11111111-1111-4111-8111-111111111111/commands", body: { commands: ["stop portal", "start portal"] } }]);
    expect(sent).toHaveBeenCalled();
  });

  it("refuses an empty command before sending, and shows the server's refusal as 'Failed to send commands: …'", async () => {
    const calls = serve(() => ({ status: 409, body: { detail: [{ loc: ["update/published"], msg: "A published update cannot be changed.", type: "error" }] } }));
    render(<CommandsStep update={draft()} onSent={() => undefined} />);
    click(byTestId("command-add"));
    click(byTestId("commands-send"));
    expect(text()).toContain("Write the command or remove it.");
    expect(calls).toEqual([]);
    type(inputs()[0]!, "true");
    click(byTestId("commands-send"));
    await waitFor(() => expect(text()).toContain("Failed to send commands: A published update cannot be changed."));
  });
});

describe("step 3: change log", { timeout: 20_000 }, () => {
  const publishedList = { items: [draft({ id: "33333333-3333-4333-8333-333333333333", status: "published", version: "2.3.1" })], total: 1, page: 1, pageSize: 100 };

  it("needs every field and a semantic version, shows the latest published version, and publishes", async () => {
    const calls = serve((call) => (call.method === "GET" ? ok(publishedList) : ok(draft({ status: "published", ...(call.body as object) }))));
    const published = vi.fn();
    render(<ChangelogStep update={draft()} onPublished={published} onBack={() => undefined} />);
    await waitFor(() => expect(text()).toContain("A semantic version above the latest published one, 2.3.1."));

    click(byTestId("changelog-publish"));
    expect(byTestId("changelog-required")?.textContent).toBe("Please fill in all fields");
    expect(byTestId("changelog-header")).toHaveAttribute("aria-invalid", "true");
    expect(byTestId("changelog-version")).toHaveAttribute("aria-invalid", "true");

    type(byTestId("changelog-header")!, "Faster activation");
    type(byTestId("changelog-version")!, "2.4");
    click(byTestId("changelog-type-minor"));
    type(byTestId("changelog-text")!, "Activation takes one request.");
    click(byTestId("changelog-publish"));
    expect(text()).toContain("Version must be a semantic version such as 2.4.0");
    expect(byTestId("changelog-required")).toBeNull();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);

    type(byTestId("changelog-version")!, "2.4.0");
    click(byTestId("changelog-publish"));
    await waitFor(() => expect(published).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === "PUT")).toEqual([
      {
        method: "PUT",
        path: "/api/v1/updates/11111111-1111-4111-8111-111111111111/changelog",
        body: { header: "Faster activation", version: "2.4.0", type: "minor", changeLog: "Activation takes one request.", channel: "stable", requiredFeatureIds: [] },
      },
    ]);
  });

  it("puts the server's 'not above every published version' on the version field and in 'Failed to send step 3: …'", async () => {
    serve((call) =>
      call.method === "GET"
        ? ok(publishedList)
        : { status: 409, body: { detail: [{ loc: ["update/version_not_newer"], msg: "The version must be above every published version.", type: "error" }] } },
    );
    render(<ChangelogStep update={draft()} onPublished={() => undefined} onBack={() => undefined} />);
    type(byTestId("changelog-header")!, "Old");
    type(byTestId("changelog-version")!, "2.3.1");
    click(byTestId("changelog-type-major"));
    type(byTestId("changelog-text")!, "Again.");
    click(byTestId("changelog-publish"));
    await waitFor(() => expect(text()).toContain("Failed to send step 3: The version must be above every published version."));
    expect(byTestId("changelog-version")).toHaveAttribute("aria-invalid", "true");
    expect(byTestId("wizard-changelog")?.textContent).toContain("The version must be above every published version.");
  });
});

describe("the wizard page of a draft", { timeout: 20_000 }, () => {
  it("opens at step 2 with the draft's commands, goes on to step 3 and ends on the published summary", async () => {
    let current = draft({ commands: ["stop portal"] });
    const calls = serve((call) => {
      if (call.method === "PUT" && call.path.endsWith("/commands")) {
        current = { ...current, commands: (call.body as { commands: string[] }).commands, updatedAt: "2026-11-23T11:00:00.000Z" };
        return ok(current);
      }
      if (call.method === "PUT" && call.path.endsWith("/changelog")) {
        current = { ...current, ...(call.body as object), status: "published", publishedAt: "2026-11-23T12:00:00.000Z", updatedAt: "2026-11-23T12:00:00.000Z" };
        return ok(current);
      }
      if (call.path === "/api/v1/updates") return ok({ items: [], total: 0, page: 1, pageSize: 100 });
      return ok(current);
    }, 200);
    mountInApp(<UpdateWizardPage />, { url: `/admin/admin-updates/drafts/${current.id}`, path: "/admin/admin-updates/drafts/:id" });
    await waitFor(() => expect(byTestId("wizard-commands")).toBeTruthy());
    expect((all("command-input") as HTMLInputElement[]).map((input) => input.value)).toEqual(["stop portal"]);
    expect(byTestId("update-wizard")?.dataset.step).toBe("1");

    click(byTestId("command-add"));
    type(all("command-input")[1]!, "start portal");
    click(byTestId("commands-send"));
    await waitFor(() => expect(text()).toContain("Commands sent successfully!"));
    await waitFor(() => expect(byTestId("wizard-changelog")).toBeTruthy());

    type(byTestId("changelog-header")!, "Faster activation");
    type(byTestId("changelog-version")!, "2.4.0");
    click(byTestId("changelog-type-minor"));
    type(byTestId("changelog-text")!, "One request.");
    click(byTestId("changelog-publish"));
    await waitFor(() => expect(byTestId("wizard-finished")?.textContent).toContain("Update 2.4.0 is published"));
    await waitFor(() => expect(text()).toContain("Update 2.4.0 published."));
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.path.split("/").pop())).toEqual(["commands", "changelog"]);
  });
});
