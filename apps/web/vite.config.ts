import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin, type Rollup } from "vite";
import react from "@vitejs/plugin-react";
import { BOOT_SPLASH_MARK_PX, logoMarkSvg } from "./src/components/logo-mark";
import { EARLY_DASHBOARD_GLOBAL, EARLY_ME_GLOBAL, storageKeys } from "./src/lib/storage";

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

/** Mantine's `useId` (`@mantine/hooks/esm/use-id/use-id.mjs`), as 9.x ships it. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const MANTINE_USE_ID_BODY = `	const [uuid, setUuid] = useState(\`mantine-\${reactId.replace(/:/g, "")}\`);
	const hasInitializedRef = useRef(false);
	useIsomorphicEffect(() => {
		if (hasInitializedRef.current) return;
		hasInitializedRef.current = true;
		setUuid(randomId());
	}, []);
	if (typeof staticId === "string") return staticId;
	return uuid;`;

/**
 * Mantine's `useId` replaces React's id with a random one in a layout effect, on every mount of
 * every input, popover, menu and tooltip (even one given its own id). A state update in a layout
 * effect is synchronous: each first render of the logged-in layout was committed, rendered again,
 * and had its passive effects (the queries' first fetches) flushed, all in the commit's task — the
 * longest tasks of the dashboard's load. The app has one React root, where React's own ids are
 * unique, so the built app keeps them (`mantine-` + React's id, as Mantine shows before its effect).
 * Build only, as the CSS split above; a Mantine whose `useId` reads otherwise fails the build.
 */
function mantineUseIdWithoutRerender(): Plugin {
  return {
    name: "portal:mantine-use-id-without-rerender",
    apply: "build",
    transform(code, id) {
      if (!MANTINE_USE_ID.test(id)) return undefined;
      if (!code.includes(MANTINE_USE_ID_BODY)) throw new Error(`${id}: Mantine's useId changed; review mantineUseIdWithoutRerender in vite.config.ts`);
      return {
        code: code.replace(MANTINE_USE_ID_BODY, `	if (typeof staticId === "string") return staticId;\n	return \`mantine-\${reactId.replace(/:/g, "")}\`;`),
        map: null,
      };
    },
  };
}

/**
 * What Mantine's overlays (the toast container, and the logged-in layout's menus, popovers and
 * drawers) share: portals, scroll locking and transitions. A chunk of its own, so the toast
 * container can load it without the shell, and the shell without the toast container.
 */
const OVERLAYS =
  /@mantine[\\/]core[\\/]esm[\\/](?:components[\\/]Portal[\\/]|core[\\/](?:utils[\\/]get-default-z-index|Box[\\/]get-style-object)[\\/])|@mantine[\\/]hooks[\\/]esm[\\/](?:use-drag|use-force-update)[\\/]|node_modules[\\/](?:react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|tslib|react-transition-group|@babel[\\/]runtime)[\\/]/;
/** The lazy toast container (app/notifications-host.tsx) and the modules only it needs. */
const TOAST_HOST = /src[\\/]app[\\/]notifications-host|@mantine[\\/]notifications|@mantine[\\/]core[\\/]esm[\\/]components[\\/]Notification[\\/]/;
/**
 * Forms and tables: what list, form and wizard pages need and the layout and the overview pages do
 * not. Correctness never depends on this list (a module the shell imports goes with the shell, see
 * below); it only decides what the dashboard need not download.
 */
const FORMS_AND_TABLES = new RegExp(
  [
    String.raw`node_modules[\/](?:react-hook-form|@hookform|react-number-format|@tanstack[\/](?:table-core|react-table|store|react-store))[\/]`,
    // A component's code (esm/components/<Name>/) and its styles (styles/<Name>.layer.css).
    String.raw`@mantine[\/]core[\/](?:esm[\/]components[\/]|styles[\/])(?:Autocomplete|Checkbox|Chip|Combobox|FileButton|FileInput|FloatingIndicator|Grid|MultiSelect|NumberFormatter|NumberInput|Pagination|PasswordInput|Pill|PillsInput|Progress|Radio|SegmentedControl|Select|Stepper|Switch|Table|Tabs|Textarea)(?:[\/]|\.layer\.css$)`,
    String.raw`src[\/](?:components[\/](?:form[\/]|list-screen[\/]|data-table|server-table-params)|lib[\/](?:schema-fields|form-errors))`,
  ].join("|"),
);
/** The logged-in shell: main layout, shared components, and Mantine components, hooks and icons not in the entry. */
const SHELL = /@mantine[\\/](?:core|hooks)[\\/]|@tabler[\\/]|@floating-ui[\\/]|src[\\/]app[\\/]layouts[\\/]|src[\\/]components[\\/]/;

/**
 * The icon inside the document (a data: address) instead of a request of its own: `/favicon.svg`
 * was asked for on every page load and revalidated each time (no-cache), 1.2 KB with its headers
 * against some 0.3 KB in the compressed document. The file stays in public/ as the one source.
 */
function inlineFavicon(): Plugin {
  let publicDir = "";
  return {
    name: "portal:inline-favicon",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async transformIndexHtml(html) {
      const link = 'href="/favicon.svg"';
      if (!html.includes(link)) throw new Error("inline favicon: no /favicon.svg link in index.html");
      const svg = (await readFile(path.join(publicDir, "favicon.svg"), "utf8")).trim();
      // Single quotes inside, and only what a URL cannot hold escaped: smaller than base64.
      const address = `data:image/svg+xml,${svg.replaceAll('"', "'").replace(/[%#<>]/g, (character) => encodeURIComponent(character))}`;
      return html.replace(link, `href="${address}"`);
    },
  };
}

/** The splash index.html shows until React renders (the same markup as FullPageLoader's, app/global.css). */
const BOOT_SPLASH =
  `<div class="boot-splash" aria-hidden="true">${logoMarkSvg("currentColor", BOOT_SPLASH_MARK_PX, "boot-splash-mark")}` +
  `<span class="boot-splash-spinner"></span></div>`;

/**
 * The document shows the product's splash the moment it arrives, not a blank page until 140 KB of
 * script have run. A tiny classic script, fetched beside the entry (the CSP allows no inline script),
 * runs before the first paint: it applies the stored colour scheme, so a dark splash never flashes
 * white (Mantine's ColorSchemeScript, which must be inline), and, when a session token is stored,
 * asks for the logged-in shell's script and styles at once — the entry would ask only once its own
 * 140 KB have arrived and run. A visitor without a token (every /auth page) downloads nothing more.
 */
function bootSplashAndScript(): Plugin {
  let outDir = "";
  return {
    name: "portal:boot-splash-and-script",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error("boot splash: no empty #root in index.html");
      return html.replace('<div id="root"></div>', `<div id="root">${BOOT_SPLASH}</div>`);
    },
    async writeBundle(_options, bundle) {
      const chunkNamed = (name: string) => {
        const chunk = Object.values(bundle).find((file) => file.type === "chunk" && file.name === name);
        if (chunk?.type !== "chunk") throw new Error(`boot script: no ${name} chunk`);
        return chunk;
      };
      const app = chunkNamed("app");
      // A chunk's script and, as `preload` rather than `stylesheet`, its styles: this runs before
      // index.css is parsed, and a sheet added now would come first and lose to it; the entry adds the
      // stylesheet in its place when the chunk loads.
      // With the chunks it imports (but not those the document itself loads): Chromium's modulepreload
      // fetches only the module named, so a chunk's imports were asked for only once it had arrived and
      // been parsed — a third round trip for the format and toast chunks of /dashboard.
      const loadedByDocument = new Set([chunkNamed("index").fileName, app.fileName]);
      const withImports = (chunk: Rollup.OutputChunk, seen = new Set<string>()): Rollup.OutputChunk[] => {
        if (seen.has(chunk.fileName) || loadedByDocument.has(chunk.fileName)) return [];
        seen.add(chunk.fileName);
        return [chunk, ...chunk.imports.flatMap((fileName) => withImports(bundle[fileName] as Rollup.OutputChunk, seen))];
      };
      const preloads = (chunk: Rollup.OutputChunk) =>
        withImports(chunk).flatMap((each) => [
          ["modulepreload", `/${each.fileName}`],
          ...[...(each.viteMetadata?.importedCss ?? [])].map((href) => ["preload", `/${href}`]),
        ]);
      const shell = preloads(chunkNamed("shell"));
      // The page every login lands on (/ redirects to it), with the English strings of the logged-in
      // areas: asked for now, not once the entry, the app and the router have run.
      const landing = [...preloads(chunkNamed("dashboard-page")), ["modulepreload", `/${chunkNamed("areas").fileName}`]].filter(
        ([, href]) => !shell.some(([, shellHref]) => shellHref === href),
      );
      // localStorage throws when storage is disabled: then light, and no preload. "auto" (a user
      // setting) follows the system, as Mantine does once it runs.
      const code =
        // ICU's first use in a page costs 15–27 ms here (48–84 ms on a slower machine): loading its
        // data and building its number formatting. Chromium keeps that work for the whole renderer
        // process, so a throw-away worker thread does it while the scripts download; the first
        // formatted figure on the main thread then takes 0.1–0.3 ms, not one long task of its own.
        // The reader's language is posted, not spliced into code. Where workers or blob: URLs are
        // refused, nothing changes.
        `try{const u=URL.createObjectURL(new Blob(['onmessage=e=>{try{const l=e.data||void 0;new Intl.NumberFormat(l).format(1);new Intl.DateTimeFormat(l,{dateStyle:"medium"}).format(0);new Intl.PluralRules(l).select(1)}catch{}postMessage(0)}'],{type:"text/javascript"})),w=new Worker(u);` +
        `w.onmessage=w.onerror=()=>{w.terminate();URL.revokeObjectURL(u)};let l=null;try{l=localStorage.getItem(${JSON.stringify(storageKeys.language)})}catch{}w.postMessage(l)}catch{}` +
        `try{const d=document.documentElement,g=k=>localStorage.getItem(k),t=g(${JSON.stringify(storageKeys.theme)}),s=t==="dark"||t==="auto"&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";` +
        `d.setAttribute("data-mantine-color-scheme",s);d.style.colorScheme=s;` +
        `const k=g(${JSON.stringify(storageKeys.token)});if(k){const p=location.pathname,e=(g(${JSON.stringify(storageKeys.language)})||"en")==="en";` +
        // The current user, asked for now: every logged-in page waits for it, and the entry would ask
        // only once its scripts had arrived and run. lib/auth's first getMe takes the answer.
        `const a=u=>({token:k,answer:fetch(u,{headers:{Accept:"application/json",Authorization:"Bearer "+k},credentials:"same-origin"}).catch(()=>null)}),f=p==="/"||p==="/dashboard";` +
        `window.${EARLY_ME_GLOBAL}=a("/api/v1/auth/me");` +
        // The landing page's figures too (features/dashboard/api takes them): they would otherwise be
        // asked for only once the entry, the app, the layout and the page had arrived and run.
        `if(f)window.${EARLY_DASHBOARD_GLOBAL}=a("/api/v1/dashboard");` +
        `for(const[r,h]of[...${JSON.stringify(shell)},...(f?${JSON.stringify(landing)}.filter(([,h])=>e||!h.includes("/areas-")):[])])` +
        `{const l=document.createElement("link");l.rel=r;l.href=h;l.crossOrigin="";if(r==="preload")l.as="style";document.head.append(l)}}}catch{}\n`;
      const fileName = `assets/boot-${createHash("sha256").update(code).digest("base64url").slice(0, 8)}.js`;
      await writeFile(path.join(outDir, fileName), code);
      const htmlFile = path.join(outDir, "index.html");
      const html = await readFile(htmlFile, "utf8");
      // Every visitor needs the app chunk main.tsx imports: fetched beside the entry, not after it ran.
      const appLinks = [
        `<link rel="modulepreload" crossorigin href="/${app.fileName}">`,
        ...[...(app.viteMetadata?.importedCss ?? [])].map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
      ];
      await writeFile(
        htmlFile,
        html
          .replace(/(\s*)(<script type="module")/, `$1<script src="/${fileName}"></script>$1$2`)
          .replace(/(\s*)(<\/head>)/, `${appLinks.map((link) => `\n    ${link}`).join("")}$1$2`),
      );
    },
  };
}

/** A file of React Router's own dist folder, found from where Node resolves the package. */
function reactRouterFile(file: string): string {
  const packageJson = createRequire(import.meta.url).resolve("react-router/package.json");
  return path.join(path.dirname(packageJson), "dist", file);
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

export default defineConfig(({ command }) => ({
  plugins: [react(), contractIsSideEffectFree(), mantineCssPerComponent(), mantineUseIdWithoutRerender(), bootSplashAndScript(), inlineFavicon(), precompress()],
  resolve: {
    // Workspace packages are read from their TypeScript source, not a separate build.
    conditions: ["source"],
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // React Router publishes no "production" export condition: its default files are the build with
      // development warnings on (checks run on every navigation). The build takes its production files.
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: reactRouterFile("production/index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterFile("production/dom-export.mjs") },
          ]
        : []),
    ],
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
            // …and the app main.tsx starts once React is in (app/start.tsx and everything it imports).
            { name: "app", test: /src[\\/]app[\\/]start\.tsx$/ },
            // The toast container (loaded with the first toast, /auth/login's too) and what it shares
            // with the shell's overlays: two chunks, kept out of the shell below so a toast on the
            // login page never loads the shell, and the logged-in pages load no toast code before
            // their first toast.
            // (Overlays first: a group takes along the modules its own modules import.)
            { name: "overlays", test: OVERLAYS },
            { name: "notifications-host", test: TOAST_HOST },
            // Every logged-in page renders the main layout: the layout, the shared components and the
            // Mantine components and icons the entry lacks are one chunk, not ~40 small ones each a
            // round trip on HTTP/1.1 (/dashboard: 59 requests → 14).
            // …except forms and tables (unless the layout itself imports them: a group takes the
            // modules its own modules import): /dashboard 108 → 55 KB of shell (Brotli).
            { name: "shell", test: (id) => SHELL.test(id) && !FORMS_AND_TABLES.test(id) },
            { name: "forms-and-tables", test: FORMS_AND_TABLES },
          ],
        },
      },
    },
  },
}));
