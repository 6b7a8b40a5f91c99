import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/**
 * The contract only declares schemas and constants: nothing runs on import. Saying so lets the
 * bundler drop the modules a chunk does not use, so the login route (which needs only the error
 * catalogue) does not carry zod and every schema.
 */
function contractIsSideEffectFree(): Plugin {
  return {
    name: "portal:contract-side-effect-free",
    enforce: "post",
    transform(_code, id) {
      if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return { moduleSideEffects: false };
      return undefined;
    },
  };
}

export default defineConfig({
  plugins: [react(), contractIsSideEffectFree()],
  resolve: {
    // Workspace packages are read from their TypeScript source, not a separate build.
    conditions: ["source"],
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // The server reads the manifest-free dist; bench/web-bundle.mjs reads this one to size routes.
    manifest: true,
  },
});
