import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { storageKeys } from "./src/lib/storage";

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

/** `@mantine/core/esm/…/<Name>.module.mjs`: the class names of one component, whose CSS is `styles/<Name>.css`. */
const MANTINE_CLASSES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;

/**
 * Each Mantine component brings its own CSS: the module holding its class names imports
 * `@mantine/core/styles/<Name>.layer.css`, so the CSS lands in whichever chunk holds the component
 * and loads with the routes that render it (Table with the list pages, Stepper with the plan form…)
 * instead of one 250 KB file for every page. The `.layer.css` files put every rule in the `mantine`
 * layer, so the order in which chunks arrive cannot change which rule wins, and the app's own CSS
 * (unlayered) always overrides Mantine's, as it did when it came after `styles.css`. The base files
 * (baseline, variables, global) are imported by main.tsx. The dev server pre-bundles Mantine without
 * running this hook, so there main.tsx gets the whole of `styles.layer.css` instead.
 */
function mantineCssPerComponent(): Plugin {
  let serve = false;
  return {
    name: "portal:mantine-css-per-component",
    configResolved(config) {
      serve = config.command === "serve";
    },
    transform(code, id) {
      if (serve) {
        return id.endsWith("/src/main.tsx") ? `import "@mantine/core/styles.layer.css";\n${code}` : undefined;
      }
      const component = MANTINE_CLASSES_MODULE.exec(id)?.[1];
      // Appended: an import is hoisted wherever it stands, and the module's "use client" stays first.
      return component ? { code: `${code}\nimport "@mantine/core/styles/${component}.layer.css";\n`, map: null } : undefined;
    },
  };
}

/** The lazy toast container (app/notifications-host.tsx) and the modules only it needs. */
const TOAST_HOST =
  /src[\\/]app[\\/]notifications-host|@mantine[\\/]notifications|@mantine[\\/]core[\\/]esm[\\/](?:components[\\/](?:Notification|Portal)[\\/]|core[\\/](?:utils[\\/]get-default-z-index|Box[\\/]get-style-object)[\\/])|@mantine[\\/]hooks[\\/]esm[\\/](?:use-drag|use-force-update)[\\/]|node_modules[\\/](?:react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|tslib|react-transition-group|@babel[\\/]runtime)[\\/]/;
/** The logged-in shell: main layout, shared components, and Mantine components, hooks and icons not in the entry. */
const SHELL = /@mantine[\\/](?:core|hooks)[\\/]|@tabler[\\/]|@floating-ui[\\/]|src[\\/]app[\\/]layouts[\\/]|src[\\/]components[\\/]/;

/**
 * A logged-in visitor needs the shell chunk, but the entry asks for it only once its 140 KB have
 * arrived and run. A tiny classic script, fetched beside the entry (the CSP allows no inline
 * script), asks for the shell's script and styles at once when a session token is stored; a
 * visitor without one (every /auth page) downloads nothing more.
 */
function preloadShellWhenLoggedIn(): Plugin {
  let outDir = "";
  return {
    name: "portal:preload-shell-when-logged-in",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const shell = Object.values(bundle).find((file) => file.type === "chunk" && file.name === "shell");
      if (shell?.type !== "chunk") throw new Error("preload-shell: no shell chunk");
      const links = [
        { rel: "modulepreload", href: `/${shell.fileName}` },
        // `preload`, not `stylesheet`: this runs before index.css is parsed, and a sheet added now would
        // come first and lose to it; the entry adds the stylesheet in its place when the shell loads.
        ...[...(shell.viteMetadata?.importedCss ?? [])].map((href) => ({ rel: "preload", href: `/${href}` })),
      ];
      const code =
        `if(localStorage.getItem(${JSON.stringify(storageKeys.token)}))for(const[r,h]of${JSON.stringify(links.map((link) => [link.rel, link.href]))})` +
        `{const l=document.createElement("link");l.rel=r;l.href=h;l.crossOrigin="";if(r==="preload")l.as="style";document.head.append(l)}\n`;
      const fileName = `assets/preload-shell-${createHash("sha256").update(code).digest("base64url").slice(0, 8)}.js`;
      await writeFile(path.join(outDir, fileName), code);
      const htmlFile = path.join(outDir, "index.html");
      const html = await readFile(htmlFile, "utf8");
      await writeFile(htmlFile, html.replace(/(\s*)(<script type="module")/, `$1<script src="/${fileName}"></script>$1$2`));
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Files the browser loads as text; source maps and the manifest are not for visitors. */
const PRECOMPRESSED = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the build, when smaller than the file itself: the server sends the one the browser accepts
 * (apps/server/src/plugins/web.ts), so the strongest compression costs nothing per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "portal:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && PRECOMPRESSED.test(entry.name) && !entry.parentPath.includes(".vite"))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), contractIsSideEffectFree(), mantineCssPerComponent(), preloadShellWhenLoggedIn(), precompress()],
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
    // The server reads the manifest-free dist; bench/web-wire.mjs reads it to name route chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What main.tsx imports statically is needed before anything shows: one chunk, not the
          // entry and eleven preloaded pieces (also ~20 KB smaller compressed, being one stream).
          groups: [
            { name: "index", tags: ["$initial"] },
            // The toast container and what it needs beyond the entry (every page loads it, /auth/login
            // too): one chunk, kept out of the shell below so the login page never loads the shell.
            { name: "notifications-host", test: TOAST_HOST },
            // Every logged-in page renders the main layout: the layout, the shared components and the
            // Mantine components and icons the entry lacks are one chunk, not ~40 small ones each a
            // round trip on HTTP/1.1 (/dashboard: 59 requests → 14).
            { name: "shell", test: SHELL },
          ],
        },
      },
    },
  },
});
