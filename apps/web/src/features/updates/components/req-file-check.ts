import { REQ_FILE_MAX_BYTES } from "@portal/contract";

/**
 * Spec section 5 for the .req file, checked in the browser before it is sent (the server checks the
 * same): a file is selected, its extension is .req, it is at most 500KB, it has at least 2 lines
 * (line 1 the licence key, line 2 the installation data; both non-empty, as the server reads them).
 */
export type ReqFileProblem = "missing" | "wrongType" | "tooLarge" | "tooFewLines";

export function checkReqFileMeta(file: { name: string; size: number } | undefined): ReqFileProblem | null {
  if (!file) return "missing";
  if (!file.name.toLowerCase().endsWith(".req")) return "wrongType";
  if (file.size > REQ_FILE_MAX_BYTES) return "tooLarge";
  return null;
}

export function checkReqFileText(text: string): ReqFileProblem | null {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  return (lines[0]?.trim() ?? "") !== "" && (lines[1]?.trim() ?? "") !== "" ? null : "tooFewLines";
}

/** The file as UTF-8 text (FileReader: also where Blob.text() is missing). */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsText(file, "utf-8");
  });
}

export async function checkReqFile(file: File | undefined): Promise<ReqFileProblem | null> {
  const problem = checkReqFileMeta(file);
  if (problem || !file) return problem;
  return checkReqFileText(await readText(file));
}

/** The first line, for showing which licence the file speaks for. */
export async function reqFileKey(file: File): Promise<string> {
  return ((await readText(file)).replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "").trim();
}
