import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LogoMark } from "./logo";
import { BOOT_SPLASH_MARK_PX } from "./logo-mark";

/**
 * Shown while the current user or a route chunk loads. Without `minHeight` it fills the page with
 * the splash index.html already shows before any script runs (same markup and classes, app/global.css),
 * so the hand-over from the static page to React does not flicker.
 */
export function FullPageLoader({ minHeight }: { minHeight?: string }) {
  const { t } = useTranslation();
  if (minHeight) {
    return (
      <Center mih={minHeight} role="status" aria-live="polite">
        <Loader aria-label={t("app.loading")} />
      </Center>
    );
  }
  return (
    <div className="boot-splash" role="status" aria-live="polite" aria-label={t("app.loading")}>
      <LogoMark className="boot-splash-mark" size={BOOT_SPLASH_MARK_PX} color="currentColor" />
      <span className="boot-splash-spinner" />
    </div>
  );
}
