import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { UserSettings, UserSettingsPatch } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { hasToken } from "@/lib/auth";
import { storedColorScheme } from "@/lib/color-scheme";
import { getDisplaySettings } from "@/lib/display-settings";
import { currentLanguage } from "@/lib/i18n";
import { notifyError } from "@/lib/notify";
import { readStorage, storageKeys } from "@/lib/storage";

export const settingsQueryKey = ["settings"] as const;
const saveMutationKey = [...settingsQueryKey, "save"] as const;

/** GET api/v1/settings → the user's stored settings, or the defaults. */
export async function getSettings(signal?: AbortSignal): Promise<UserSettings> {
  return (await apiClient.get<Envelope<UserSettings>>("api/v1/settings", { signal })).data;
}

/** PUT api/v1/settings with only what changed → the full settings. */
export async function putSettings(patch: UserSettingsPatch): Promise<UserSettings> {
  return (await apiClient.put<Envelope<UserSettings>>("api/v1/settings", patch)).data;
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal), staleTime: 5 * 60_000 });

export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), enabled: hasToken() });
}

/** What this device shows now: the base of an optimistic change made before the server's settings arrived. */
export function settingsShownHere(): UserSettings {
  const theme = readStorage(storageKeys.theme);
  const display = getDisplaySettings();
  return {
    theme: theme === "auto" ? "auto" : storedColorScheme(),
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

function laidOver(queryClient: QueryClient, change: Partial<UserSettings>): UserSettings {
  return { ...(queryClient.getQueryData<UserSettings>(settingsQueryKey) ?? settingsShownHere()), ...change };
}

/**
 * Saves a change optimistically: the cached settings change at once (UserSettingsSync applies
 * them), and a refused save puts back only the fields it sent, with the server's reason in a toast.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveMutationKey,
    mutationFn: putSettings,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey, exact: true });
      const before = laidOver(queryClient, {});
      queryClient.setQueryData(settingsQueryKey, laidOver(queryClient, patch as Partial<UserSettings>));
      return { rollback: rollbackOf(before, patch) };
    },
    onError: (error, _patch, context) => {
      if (context) queryClient.setQueryData(settingsQueryKey, laidOver(queryClient, context.rollback));
      notifyError(error);
    },
    onSuccess: (saved) => {
      // With another save still under way its answer is the newer one: this one would undo its field.
      if (queryClient.isMutating({ mutationKey: saveMutationKey }) <= 1) queryClient.setQueryData(settingsQueryKey, saved);
    },
  });
}
