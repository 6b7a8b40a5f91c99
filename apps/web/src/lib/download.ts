/** Hands bytes already fetched (an attachment read with the bearer token) to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
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
