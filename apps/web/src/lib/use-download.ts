import { useMutation } from "@tanstack/react-query";
import { saveBlob } from "./download";
import { parseApiError } from "./errors";
import { i18n } from "./i18n";
import { notifyLoading, notifyMessage, notifySuccess } from "./notify";

/**
 * Spec section 4, "Download: downloading, then success or failure", for every download of the app:
 * one toast per file that says it is being fetched, then turns into "<file> downloaded." or
 * "Download failed: <reason>". Transfers with their own progress bar (update packages) use the
 * outcome notices only.
 */

const toastId = (key: string) => `download-${key}`;
/** A Latin file name keeps its place inside a right-to-left sentence. */
const isolated = (fileName: string) => `\u2068${fileName}\u2069`;

export function notifyDownloading(key: string, fileName: string): void {
  notifyLoading(i18n.t("download.downloading", { name: isolated(fileName) }), { id: toastId(key) });
}

export function notifyDownloaded(key: string, fileName: string): void {
  notifySuccess(i18n.t("download.done", { name: isolated(fileName) }), { id: toastId(key) });
}

/** `reason`: the failure as thrown (translated through the error parser) or already as text. */
export function notifyDownloadFailed(key: string, reason: unknown): void {
  const text = typeof reason === "string" ? reason : parseApiError(reason, i18n.t).message;
  notifyMessage(i18n.t("download.failed", { reason: text }), "error", { id: toastId(key) });
}

export interface DownloadJob {
  /** Tells this file's toast and pending state from others' (a licence id, an attachment id). */
  key: string;
  fileName: string;
  /** The file: fetched with the bearer token, or text already at hand (recovery codes). */
  content: () => Promise<Blob | string> | Blob | string;
}

/**
 * Starts downloads with their notices; `pendingKey` is the one running, for a button's loading state.
 * The notices are the mutation's own callbacks, so a download that outlives its button still ends in one.
 */
export function useDownload() {
  const mutation = useMutation({
    mutationFn: async (job: DownloadJob) => {
      const content = await job.content();
      saveBlob(typeof content === "string" ? new Blob([content], { type: "application/octet-stream" }) : content, job.fileName);
    },
    onMutate: (job) => notifyDownloading(job.key, job.fileName),
    onSuccess: (_saved, job) => notifyDownloaded(job.key, job.fileName),
    onError: (error, job) => notifyDownloadFailed(job.key, error),
  });
  return {
    // Stable across renders (memoised table cells call it).
    start: mutation.mutate,
    isPending: mutation.isPending,
    pendingKey: mutation.isPending ? mutation.variables?.key : undefined,
  };
}
