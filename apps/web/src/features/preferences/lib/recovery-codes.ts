/** The text file the user downloads: a header line, then one code a line. */
export function recoveryCodesText(header: string, codes: readonly string[]): string {
  return [header, "", ...codes, ""].join("\n");
}

/** Offers `text` as a download named `fileName` (a Blob URL: no request, CSP-safe). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
