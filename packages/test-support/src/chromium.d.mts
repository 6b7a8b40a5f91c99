/** Debian's Chromium (`apt-get install -y chromium`), or CHROMIUM_PATH. */
export declare const CHROMIUM_PATH: string;
/** The switches every Chromium of this repository's suites and benches starts with (see chromium.mjs). */
export declare const CHROMIUM_ARGS: readonly string[];
