/**
 * Install paths are written by an installer under its own directory, on any operating system, so a
 * path is refused unless it can only mean one place below that directory: relative, "/" between
 * folders, no "." or "..", and nothing Windows would read differently (a backslash, a drive letter or
 * alternate data stream after a colon, a name ending in a dot or a space, which Windows strips — so
 * ".. " would become "..").
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Why `path` is not a safe relative install path, or undefined when it is. */
export function installPathProblem(path: string): string | undefined {
  if (path === "") return "is empty";
  if (CONTROL_CHARACTER.test(path)) return "contains a control character";
  if (path.includes("\\")) return 'contains a backslash (folders are separated by "/")';
  if (path.startsWith("/")) return "is absolute";
  if (path.includes(":")) return "contains a colon (a drive letter or an alternate data stream on Windows)";
  for (const segment of path.split("/")) {
    if (segment === "") return 'has an empty folder name (a trailing or doubled "/")';
    if (segment === "." || segment === "..") return `contains a "${segment}" segment`;
    if (/[. ]$/.test(segment)) return `has a name ending in a dot or a space ("${segment}"), which Windows would change`;
  }
  return undefined;
}

/** Two paths that one case-insensitive file system (Windows, macOS) would store in the same place. */
function collisionKey(path: string): string {
  return path.normalize("NFC").toLowerCase();
}

/**
 * Why a set of install paths cannot all be installed side by side — an unsafe path, two files in the
 * same place (also when only letter case differs), or a file where another file needs a folder — or
 * undefined when they can.
 */
export function installPathsProblem(paths: readonly string[]): string | undefined {
  const seen = new Map<string, string>();
  for (const path of paths) {
    const problem = installPathProblem(path);
    if (problem) return `The install path "${path}" ${problem}.`;
    const key = collisionKey(path);
    const other = seen.get(key);
    if (other !== undefined) {
      return other === path
        ? `Two files are installed at "${path}".`
        : `"${other}" and "${path}" would be the same file on a case-insensitive file system.`;
    }
    seen.set(key, path);
  }
  for (const path of paths) {
    const segments = path.split("/");
    for (let depth = 1; depth < segments.length; depth++) {
      const folder = seen.get(collisionKey(segments.slice(0, depth).join("/")));
      if (folder !== undefined) return `"${folder}" is a file, but "${path}" needs it to be a folder.`;
    }
  }
  return undefined;
}
