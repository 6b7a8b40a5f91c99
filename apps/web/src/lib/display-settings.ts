import { useSyncExternalStore } from "react";
// Types only: a value from the contract would bring zod into the login page's chunk.
import type { TableDensity } from "@portal/contract";
import { readStorage, storageKeys, writeStorage } from "./storage";

/**
 * The user's display settings that are neither the colour scheme (Mantine's) nor the language
 * (i18next's): table density, time zone, and whether the sidebar starts collapsed. A tiny store the
 * formatters read outside React and components follow with `useDisplaySettings`; mirrored in
 * localStorage so a reload paints with them before the server's settings arrive.
 */
export interface DisplaySettings {
  tableDensity: TableDensity;
  /** null: the device's own zone. */
  timeZone: string | null;
  sidebarCollapsed: boolean;
}

export const defaultDisplaySettings: DisplaySettings = { tableDensity: "comfortable", timeZone: null, sidebarCollapsed: false };

/** A zone this browser can format in (Intl throws a RangeError for any other). */
function isUsableTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function parseStored(stored: string | null): DisplaySettings {
  try {
    const value = JSON.parse(stored ?? "null") as Partial<DisplaySettings> | null;
    return {
      tableDensity: value?.tableDensity === "compact" ? "compact" : "comfortable",
      timeZone: typeof value?.timeZone === "string" && isUsableTimeZone(value.timeZone) ? value.timeZone : null,
      sidebarCollapsed: value?.sidebarCollapsed === true,
    };
  } catch {
    return defaultDisplaySettings;
  }
}

let current: DisplaySettings | undefined;
const listeners = new Set<() => void>();

export function getDisplaySettings(): DisplaySettings {
  current ??= parseStored(readStorage(storageKeys.settings));
  return current;
}

/** Applies (and remembers) what changed; listeners run only on a real change. */
export function setDisplaySettings(next: Partial<DisplaySettings>): void {
  const before = getDisplaySettings();
  const after = { ...before, ...next };
  if (after.tableDensity === before.tableDensity && after.timeZone === before.timeZone && after.sidebarCollapsed === before.sidebarCollapsed) return;
  current = after;
  writeStorage(storageKeys.settings, JSON.stringify(after));
  for (const listener of listeners) listener();
}

export function subscribeDisplaySettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDisplaySettings(): DisplaySettings {
  return useSyncExternalStore(subscribeDisplaySettings, getDisplaySettings);
}

/** The zone every absolute time is shown in: the user's, else the device's. */
export function displayTimeZone(): string | undefined {
  return getDisplaySettings().timeZone ?? undefined;
}

/** The device's own zone, as Intl resolves it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Forgets the last user's settings (a logout): the next user's arrive with their login. */
export function resetDisplaySettings(): void {
  setDisplaySettings(defaultDisplaySettings);
}
