import { StrictMode, startTransition } from "react";
import type { Root } from "react-dom/client";
import { initI18n } from "@/lib/i18n";
import { App } from "./app";

/** Loads the reader's strings, then renders the app into the root main.tsx made. */
export async function startApp(root: Root): Promise<void> {
  await initI18n();
  // A transition renders in slices of a few milliseconds, so the first render does not hold the main
  // thread in one long task; the splash stays until it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
