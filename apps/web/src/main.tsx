// Mantine's base styles; each component's own CSS comes with the chunk that uses it (vite.config.ts).
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/notifications/styles.layer.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { applyStoredColorScheme } from "./lib/color-scheme";
import { initI18n } from "./lib/i18n";

applyStoredColorScheme();

void initI18n().then(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
