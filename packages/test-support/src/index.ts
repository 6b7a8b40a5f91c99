export { TOTP_PERIOD_SECONDS, totp } from "./totp.js";
export { writeZipFile, zipOf, type ZipEntry, type ZipFileOptions, type ZipOptions } from "./zip.js";
