/** An ISO instant as date and time (seconds included) in the viewer's language and time zone. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "medium" }).format(date);
}
