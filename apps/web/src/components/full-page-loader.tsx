import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown while the current user or a route chunk loads. */
export function FullPageLoader({ minHeight = "100dvh" }: { minHeight?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Loader aria-label={t("app.loading")} />
    </Center>
  );
}
