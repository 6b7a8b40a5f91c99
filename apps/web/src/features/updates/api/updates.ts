import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, Update, UpdateChangelogBody } from "@portal/contract";
import { ApiError, apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { REQUEST_TIMEOUT_MS } from "@/lib/config";
import { uploadMultipart, type UploadProgress } from "@/lib/upload";

/** The administrator's calls of API.md "Updates": drafts, the three wizard steps, verifications. */
export const updatesQueryKey = ["updates"] as const;
export const updateHistoryQueryKey = ["update-history"] as const;
export const updatePath = (id: string) => `api/v1/updates/${encodeURIComponent(id)}`;

export async function listUpdates(query: QueryParams, signal?: AbortSignal): Promise<Page<Update>> {
  return (await apiClient.get<Envelope<Page<Update>>>("api/v1/updates", { params: query, signal })).data;
}

export function useUpdates(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: [...updatesQueryKey, "list", query],
      queryFn: ({ signal }) => listUpdates(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The published updates, newest first: the history's update filter and the "latest version" hint of step 3. */
export function usePublishedUpdates(enabled = true) {
  return useQuery({
    queryKey: [...updatesQueryKey, "list", "published"],
    queryFn: ({ signal }) => listUpdates({ status: "published", sort: "publishedAt", order: "desc", pageSize: 100 }, signal),
    enabled,
    staleTime: 30_000,
  });
}

export const updateQueryKey = (id: string) => [...updatesQueryKey, "detail", id] as const;

export function useUpdate(id: string | undefined) {
  return useQuery({
    queryKey: updateQueryKey(id ?? ""),
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<Update>>(updatePath(id ?? ""), { signal })).data,
    enabled: Boolean(id),
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status === 404),
  });
}

/** An extra file and the path it installs to. */
export interface ExtraUpload {
  file: File;
  path: string;
}

export interface UpdateFilesUpload {
  backend: File;
  frontend: File;
  extras: ExtraUpload[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * How long an upload may go without a byte leaving before it counts as dead. There is no overall
 * limit: several hundred megabytes on a slow line take longer than the spec's 300 s request timeout,
 * which applies again to the wait for the answer once every byte is sent (the server checks the ZIPs).
 */
export const UPLOAD_STALL_MS = 60_000;

/**
 * Step 1, POST api/v1/updates (multipart): `backend`, `frontend`, then each extra as an `extras`
 * file part immediately followed by its `extraPaths` text field (the server pairs them by order).
 * Answers the new draft with its stored files.
 */
export function uploadUpdateFiles({ backend, frontend, extras, onProgress, signal }: UpdateFilesUpload): Promise<Update> {
  const form = new FormData();
  form.append("backend", backend, backend.name);
  form.append("frontend", frontend, frontend.name);
  for (const extra of extras) {
    form.append("extras", extra.file, extra.file.name);
    form.append("extraPaths", extra.path);
  }
  const watchdog = new AbortController();
  const stalled = new ApiError("no-response", { cause: new DOMException("The upload stalled", "TimeoutError") });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => watchdog.abort(stalled), ms);
  };
  const onAbort = () => watchdog.abort(signal?.reason);
  if (signal?.aborted) watchdog.abort(signal.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  arm(UPLOAD_STALL_MS);
  return uploadMultipart<Envelope<Update>>("api/v1/updates", form, {
    timeoutMs: 0,
    signal: watchdog.signal,
    onProgress: (progress) => {
      arm(progress.loaded >= progress.total ? REQUEST_TIMEOUT_MS : UPLOAD_STALL_MS);
      onProgress?.(progress);
    },
  })
    .then((answer) => answer.data)
    .finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    });
}

function useInvalidateUpdates() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: updatesQueryKey }), queryClient.invalidateQueries({ queryKey: updateHistoryQueryKey })]);
}

export function useUploadUpdateFiles() {
  const invalidate = useInvalidateUpdates();
  return useMutation({ mutationFn: uploadUpdateFiles, onSuccess: invalidate });
}

/** Step 2, PUT api/v1/updates/{id}/commands (a draft only). */
export function useSendCommands() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: async ({ id, commands }: { id: string; commands: string[] }) =>
      (await apiClient.put<Envelope<Update>>(`${updatePath(id)}/commands`, { commands })).data,
    onSuccess: async (update) => {
      queryClient.setQueryData(updateQueryKey(update.id), update);
      await invalidate();
    },
  });
}

/** Step 3, PUT api/v1/updates/{id}/changelog: publishes the update (409 update/version_not_newer when the version is not above every published one). */
export function useSendChangelog() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateChangelogBody }) =>
      (await apiClient.put<Envelope<Update>>(`${updatePath(id)}/changelog`, body)).data,
    onSuccess: async (update) => {
      queryClient.setQueryData(updateQueryKey(update.id), update);
      await invalidate();
    },
  });
}

/** DELETE api/v1/updates/{id}: a draft and its files (409 update/published for a published one). */
export function useDeleteUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(updatePath(id));
    },
    // The lists only: the deleted draft's own query would answer 404 while its drawer closes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...updatesQueryKey, "list"] }),
  });
}

export interface VerificationTarget {
  updateId: string;
  licenseId: string;
}

/** POST (verify) or DELETE (take back) api/v1/updates/{id}/verifications `{licenseId}`. */
export function useSetVerification() {
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: async ({ updateId, licenseId, verified }: VerificationTarget & { verified: boolean }) => {
      const path = `${updatePath(updateId)}/verifications`;
      if (verified) await apiClient.post(path, { licenseId });
      else await apiClient.delete(path, undefined, { licenseId });
    },
    onSettled: invalidate,
  });
}

/**
 * POST api/v1/updates/{id}/yank (admin): withdraws a published update from every list, manifest and
 * download at once (410 update/yanked from then on); admins and histories still show it. 409
 * update/not_published for a draft, update/already_yanked the second time. Cannot be undone.
 */
export function useYankUpdate() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.post<Envelope<Update>>(`${updatePath(id)}/yank`)).data,
    onSuccess: async (update) => {
      queryClient.setQueryData(updateQueryKey(update.id), update);
      await invalidate();
    },
  });
}
