/** Hands a text to the browser as a file download (a licence file, an export). */
export function saveTextFile(text: string, fileName: string, type = "application/octet-stream"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: Chromium reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
