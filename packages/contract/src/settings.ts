import { z } from "zod";
import { messageOf } from "./messages.js";

/** Spec section 9: the portal's six interface languages (the web's `languages` list, same order). */
export const settingsLanguages = ["en", "tr", "es", "zh-CN", "fa", "pt-BR"] as const;
export type SettingsLanguage = (typeof settingsLanguages)[number];

export const themePreferences = ["light", "dark", "auto"] as const;
export type ThemePreference = (typeof themePreferences)[number];

export const tableDensities = ["comfortable", "compact"] as const;
export type TableDensity = (typeof tableDensities)[number];

let knownZones: ReadonlySet<string> | undefined;

/**
 * An IANA zone this runtime's ICU knows (`Intl.supportedValuesOf`), or "UTC", which some runtimes
 * list only as "Etc/UTC". The server decides with its own list; the web offers its browser's.
 */
export function isKnownTimeZone(zone: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return knownZones.has(zone);
}

const themeField = z.enum(themePreferences, { error: messageOf("settings.validation.theme") });
const languageField = z.enum(settingsLanguages, { error: messageOf("settings.validation.language", { languages: settingsLanguages.join(", ") }) });
const sidebarField = z.boolean({ error: messageOf("validation.trueOrFalse", { label: "sidebarCollapsed" }) });
const densityField = z.enum(tableDensities, { error: messageOf("settings.validation.density") });
const timeZoneField = z
  .string({ error: messageOf("settings.validation.timeZone") })
  .max(64, { error: messageOf("settings.validation.timeZone") })
  .refine(isKnownTimeZone, { error: messageOf("settings.validation.unknownTimeZone") });

/** One user's interface settings, kept on the server so every device they log in on applies them. */
export const userSettingsSchema = z
  .strictObject({
    theme: themeField,
    language: languageField,
    sidebarCollapsed: sidebarField,
    tableDensity: densityField,
    /** null: follow the zone of whichever device shows the portal (the default, like theme "auto"). */
    timeZone: timeZoneField.nullable(),
  })
  .meta({ id: "UserSettings" });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A PUT may send any subset: only what is sent changes (so two tabs saving different fields do not undo each other). */
export const userSettingsPatchSchema = userSettingsSchema.partial().meta({ id: "UserSettingsPatch" });
export type UserSettingsPatch = z.input<typeof userSettingsPatchSchema>;

/**
 * What a user who never saved anything gets: the web's behaviour before settings existed (light,
 * English, sidebar open, comfortable rows, the device's own time zone).
 */
export const defaultUserSettings: UserSettings = {
  theme: "light",
  language: "en",
  sidebarCollapsed: false,
  tableDensity: "comfortable",
  timeZone: null,
};
