/** The IANA zones this browser knows, labelled with their offset now: "(UTC+03:00) Europe/Istanbul". */

export interface TimeZoneOption {
  value: string;
  label: string;
  offsetMinutes: number;
}

/** "UTC+03:00", "UTC−05:00", "UTC+00:00" — the zone's offset at `now` (summer time included). */
export function offsetOf(zone: string, now: Date): { label: string; minutes: number } {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(now)
    .find((entry) => entry.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? "");
  if (!match) return { label: "UTC+00:00", minutes: 0 };
  const sign = match[1] === "-" ? -1 : 1;
  const minutes = sign * (Number(match[2]) * 60 + Number(match[3]));
  return { label: `UTC${sign < 0 ? "−" : "+"}${match[2]}:${match[3]}`, minutes };
}

/** Isolated left-to-right (U+2066 … U+2069), so the parentheses stay in place in a Persian sentence. */
export function zoneLabel(zone: string, now: Date): string {
  return `\u2066(${offsetOf(zone, now).label}) ${zone.replaceAll("_", " ")}\u2069`;
}

/** West to east, then by name; UTC first among the zero offsets. */
export function timeZoneOptions(now: Date = new Date()): TimeZoneOption[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  return [...zones]
    .map((zone) => ({ value: zone, label: zoneLabel(zone, now), offsetMinutes: offsetOf(zone, now).minutes }))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || (a.value === "UTC" ? -1 : b.value === "UTC" ? 1 : a.value.localeCompare(b.value)));
}
