// Mantine's base styles; each component's own CSS comes with the chunk that uses it (vite.config.ts).
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/global.css";
import { createRoot } from "react-dom/client";
import { applyStoredColorScheme } from "./lib/color-scheme";

applyStoredColorScheme();
const root = createRoot(document.getElementById("root")!);

// The entry holds React; the app (router, Mantine, i18next, the login page) is a chunk of its own,
// fetched beside it (vite.config.ts). Yielding once between the two lets the browser paint the
// splash and splits evaluating ~550 KB of script into two tasks instead of one long one. No
// top-level await: the app imports React from this chunk, so this module must finish first.
void new Promise((resolve) => setTimeout(resolve, 0))
  .then(() => import("./app/start"))
  .then(({ startApp }) => startApp(root))
  .catch((error: unknown) => {
    // The app's chunk did not arrive (network, or a deploy replaced it): no strings are loaded yet.
    reportError(error);
    root.render(
      <p role="alert" className="boot-failure">
        The portal could not be loaded. <a href={window.location.href}>Reload the page</a>
      </p>,
    );
  });
