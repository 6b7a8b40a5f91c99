import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      TOKEN_TTL_MINUTES: 480,
      SEED_DEMO: false,
      UPDATE_MAX_FILE_BYTES: 2 * 1024 ** 3,
      UPDATE_MAX_EXPANDED_BYTES: 8 * 1024 ** 3,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve("./data"));
  });

  it("reads single sign-on's variables: lists trimmed, domains lower-cased, http:// issuers only on loopback", () => {
    const config = loadConfig({
      OIDC_ISSUER: "https://login.example.com/realms/staff",
      OIDC_CLIENT_ID: "portal",
      OIDC_ADMIN_GROUPS: " portal-admins, ops ,",
      OIDC_AUTO_APPROVE_DOMAINS: "Example.COM, @staff.example.com",
    });
    expect(config).toMatchObject({
      OIDC_DISPLAY_NAME: "Single sign-on",
      OIDC_ADMIN_GROUPS: ["portal-admins", "ops"],
      OIDC_AUTO_APPROVE_DOMAINS: ["example.com", "staff.example.com"],
    });
    expect(loadConfig({}).OIDC_ADMIN_GROUPS).toEqual([]);
    for (const issuer of ["http://127.0.0.1:9000", "http://localhost:8080/realms/x", "http://[::1]:9000"]) {
      expect(loadConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "portal" }).OIDC_ISSUER).toBe(issuer);
    }
    expect(() => loadConfig({ OIDC_ISSUER: "http://login.example.com", OIDC_CLIENT_ID: "portal" })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ OIDC_ISSUER: "https://login.example.com" })).toThrow(/OIDC_CLIENT_ID: is required/);
  });

  it("takes a relative DATA_DIR and WEB_DIST_DIR from the folder npm was started in, not the server's", () => {
    // `npm start` at the repository's root runs the server in apps/server, with INIT_CWD the root.
    const root = path.resolve("/srv/portal");
    const config = loadConfig({ INIT_CWD: root, WEB_DIST_DIR: "web" });
    expect(config.dataDir).toBe(path.join(root, "data"));
    expect(config.webDistDir).toBe(path.join(root, "web"));
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: "/var/lib/portal" }).dataDir).toBe(path.resolve("/var/lib/portal"));
    expect(loadConfig({ INIT_CWD: root }).webDistDir).toBeUndefined();
  });

  it("reads SUPPORT_URL at run time", () => {
    expect(loadConfig({}).SUPPORT_URL).toBe("https://support.example.com/");
    expect(loadConfig({ SUPPORT_URL: "https://help.vendor.test/portal" }).SUPPORT_URL).toBe("https://help.vendor.test/portal");
  });

  it("treats empty variables as unset and reads flags", () => {
    const config = loadConfig({ DATABASE_URL: "", SEED_DEMO: "1" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
  });

  it.each([
    ["", false],
    ["0", false],
    ["1", 1],
    ["true", 1],
    ["2", 2],
    ["10.0.0.0/8, 127.0.0.1", "10.0.0.0/8,127.0.0.1"],
    ["loopback,fd00::/8", "loopback,fd00::/8"],
  ])("reads TRUST_PROXY=%j as %j", (value, trust) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(trust);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ ADMIN_EMAIL: "nope" }, "ADMIN_EMAIL"],
    [{ ADMIN_PASSWORD: "weak" }, "ADMIN_PASSWORD"],
    [{ TOKEN_TTL_MINUTES: "0" }, "TOKEN_TTL_MINUTES"],
    [{ UPDATE_MAX_FILE_BYTES: "2GB" }, "UPDATE_MAX_FILE_BYTES"],
    [{ UPDATE_MAX_EXPANDED_BYTES: "10" }, "UPDATE_MAX_EXPANDED_BYTES"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.1,proxy.example.com" }, "TRUST_PROXY"],
    [{ SUPPORT_URL: "javascript:alert(1)" }, "SUPPORT_URL"],
    [{ SUPPORT_URL: "support.example.com" }, "SUPPORT_URL"],
  ])("names the bad variable in %o", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
