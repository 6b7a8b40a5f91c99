/** The text file the user downloads: a header line, then one code a line. */
export function recoveryCodesText(header: string, codes: readonly string[]): string {
  return [header, "", ...codes, ""].join("\n");
}

