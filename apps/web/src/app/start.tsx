import { StrictMode, startTransition } from "react";
import type { Root } from "react-dom/client";
import { initI18n } from "@/lib/i18n";
import { nextTask } from "@/lib/next-task";
import { App, preloadFirstPage } from "./app";

/**
 * Asks for the first page's chunks and the current user, loads the reader's strings, then renders
 * the app into the root main.tsx made — each step a task of its own. Run in the task that evaluated
 * the app's chunk, they made one task of 45–50 ms on this machine (matching the route table 10–14 ms,
 * starting the page's imports 4 ms, i18next 5 ms), which a phone's slower processor turns into a
 * long task; three shorter ones let the browser handle what arrives in between.
 */
export async function startApp(root: Root): Promise<void> {
  await nextTask();
  preloadFirstPage();
  await nextTask();
  await initI18n();
  await nextTask();
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
