import { Box, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The unlabeled "Actions" column header, named for screen readers. VisuallyHidden is absolutely
 * positioned: without a positioned parent it escapes the table's scroll container and widens the
 * whole page on a phone.
 */
export function ActionsHeader() {
  const { t } = useTranslation();
  return (
    <Box pos="relative" component="span" display="inline-block">
      <VisuallyHidden>{t("licenses.columns.actions")}</VisuallyHidden>
    </Box>
  );
}
