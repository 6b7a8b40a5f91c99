import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { saveBlob } from "@/lib/download";
import { parseApiError } from "@/lib/errors";
import { notifyDownloaded, notifyDownloadFailed } from "@/lib/use-download";
import { downloadResumable, DownloadInterrupted, type DownloadRequest, type PartialDownload } from "./resumable-download";

/** Spec section 4, "Download: downloading, then success or failure", plus a stopped one that can go on. */
export type DownloadStatus =
  | { name: "idle" }
  | { name: "downloading"; received: number; total: number | null }
  /** Stopped by the visitor: the bytes so far are kept for Resume. */
  | { name: "paused"; received: number; total: number | null }
  /** `resumable`: bytes arrived and the server named the file (ETag), so Resume asks only for the rest. */
  | { name: "failed"; received: number; total: number | null; reason: string; resumable: boolean }
  | { name: "done"; total: number };

/** Re-render at most this often while bytes arrive (a chunk is ~64 KB: hundreds per second). */
const PROGRESS_INTERVAL_MS = 100;

/**
 * One download's state and actions for a button: `start` (from the first byte), `resume` (from the
 * bytes kept after a failure or a pause), `cancel`. The finished file is handed to the browser under
 * `fileName`. The bar is the downloading state; the outcome is also told in lib/use-download's
 * notices ("<file> downloaded." or "Download failed: <reason>").
 */
export function useResumableDownload(request: DownloadRequest, fileName: string) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DownloadStatus>({ name: "idle" });
  const partial = useRef<PartialDownload | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the transfer.
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (resume: boolean) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    const from = resume ? partial.current : null;
    let shownAt = 0;
    setStatus({ name: "downloading", received: from?.received ?? 0, total: from?.total ?? null });
    try {
      const { blob } = await downloadResumable(request, {
        resumeFrom: from,
        signal: own.signal,
        onProgress: ({ received, total }) => {
          const now = Date.now();
          if (now - shownAt < PROGRESS_INTERVAL_MS && received !== total) return;
          shownAt = now;
          setStatus({ name: "downloading", received, total });
        },
      });
      partial.current = null;
      saveBlob(blob, fileName);
      setStatus({ name: "done", total: blob.size });
      notifyDownloaded(request.path, fileName);
    } catch (error) {
      if (own.signal.aborted && controller.current !== own) return; // replaced by a newer attempt, or unmounted
      if (error instanceof DownloadInterrupted) {
        partial.current = error.partial;
        const { received, total, etag } = error.partial;
        if (error.cancelled) {
          setStatus({ name: "paused", received, total });
          return;
        }
        const reason = parseApiError(error.cause, t).message;
        notifyDownloadFailed(request.path, reason);
        setStatus({ name: "failed", received, total, reason, resumable: received > 0 && etag !== null });
        return;
      }
      partial.current = null;
      const reason = parseApiError(error, t).message;
      notifyDownloadFailed(request.path, reason);
      setStatus({ name: "failed", received: 0, total: null, reason, resumable: false });
    } finally {
      if (controller.current === own) controller.current = null;
    }
  };

  return {
    status,
    start: () => void run(false),
    resume: () => void run(true),
    cancel: () => controller.current?.abort(new DOMException("The download was stopped", "AbortError")),
  };
}
