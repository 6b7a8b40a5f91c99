import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { UserSettings, UserSettingsPatch } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { hasToken } from "@/lib/auth";
import { storedColorScheme } from "@/lib/color-scheme";
import { getDisplaySettings } from "@/lib/display-settings";
import { currentLanguage } from "@/lib/i18n";
import { notifyError } from "@/lib/notify";
import { readStorage, storageKeys } from "@/lib/storage";

/**
 * The account's settings, and whether the user ever saved any (the server sends `Last-Modified`
 * only then). Never-saved defaults are not applied over what this device already shows: a
 * language picked on the login page stays. The first save stores what the device shows with it.
 */
export interface AccountSettings {
  settings: UserSettings;
  saved: boolean;
}

export const settingsQueryKey = ["settings"] as const;
const saveMutationKey = [...settingsQueryKey, "save"] as const;

async function exchange(request: (onHeaders: (headers: Headers) => void) => Promise<Envelope<UserSettings>>): Promise<AccountSettings> {
  let saved = false;
  const answer = await request((headers) => {
    saved = headers.has("last-modified");
  });
  return { settings: answer.data, saved };
}

/** GET api/v1/settings → the user's stored settings, or the defaults. */
export function getSettings(signal?: AbortSignal): Promise<AccountSettings> {
  return exchange((onHeaders) => apiClient.get<Envelope<UserSettings>>("api/v1/settings", { signal, onHeaders }));
}

/** PUT api/v1/settings with only what changed → the full settings. */
export function putSettings(patch: UserSettingsPatch): Promise<AccountSettings> {
  return exchange((onHeaders) => apiClient.put<Envelope<UserSettings>>("api/v1/settings", patch, { onHeaders }));
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal), staleTime: 5 * 60_000 });

export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), enabled: hasToken() });
}

/** What this device shows now. */
export function settingsShownHere(): UserSettings {
  const display = getDisplaySettings();
  return {
    theme: readStorage(storageKeys.theme) === "auto" ? "auto" : storedColorScheme(),
    language: currentLanguage(),
    sidebarCollapsed: display.sidebarCollapsed,
    tableDensity: display.tableDensity,
    timeZone: display.timeZone,
  };
}

/** The fields of `patch` as they were in `before`: what a failed save puts back. */
export function rollbackOf(before: UserSettings, patch: UserSettingsPatch): Partial<UserSettings> {
  return Object.fromEntries(Object.keys(patch).map((key) => [key, before[key as keyof UserSettings]]));
}

function cached(queryClient: QueryClient): AccountSettings {
  const data = queryClient.getQueryData<AccountSettings>(settingsQueryKey);
  return data?.saved ? data : { settings: settingsShownHere(), saved: false };
}

/**
 * Saves a change optimistically: the cached settings change at once (UserSettingsSync applies
 * them), and a refused save puts back only the fields it sent, with the server's reason in a toast.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: saveMutationKey,
    mutationFn: putSettings,
    onMutate: async (patch: UserSettingsPatch) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey, exact: true });
      const before = cached(queryClient);
      queryClient.setQueryData<AccountSettings>(settingsQueryKey, { settings: { ...before.settings, ...(patch as Partial<UserSettings>) }, saved: true });
      return { rollback: rollbackOf(before.settings, patch), wasSaved: before.saved };
    },
    onError: (error, _patch, context) => {
      if (context) {
        const now = cached(queryClient);
        queryClient.setQueryData<AccountSettings>(settingsQueryKey, { settings: { ...now.settings, ...context.rollback }, saved: context.wasSaved });
      }
      notifyError(error);
    },
    onSuccess: (answer) => {
      // With another save still under way its answer is the newer one: this one would undo its field.
      if (queryClient.isMutating({ mutationKey: saveMutationKey }) <= 1) queryClient.setQueryData(settingsQueryKey, answer);
    },
  });
  return {
    /** The first save of an account that never saved stores everything this device shows, so the next device gets all of it. */
    save: (patch: UserSettingsPatch) => mutation.mutate(cached(queryClient).saved ? patch : { ...settingsShownHere(), ...patch }),
    isPending: mutation.isPending,
  };
}
