import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/lib/paths";
import { useRouteHandles } from "../route-handle";

/** Dashboard › section › page, from the `crumb` of each matched route. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const handles = useRouteHandles();
  const crumbs = handles
    .filter((entry) => entry.handle.crumb)
    .map((entry) => ({ label: t(entry.handle.crumb!), to: entry.handle.crumbTo ?? entry.match.pathname }));
  if (crumbs[0]?.to !== paths.dashboard) crumbs.unshift({ label: t("nav.dashboard"), to: paths.dashboard });

  return (
    <nav aria-label={t("breadcrumbs.label")}>
      <Breadcrumbs
        separator={<IconChevronRight size={14} className="mirror-rtl" aria-hidden />}
        separatorMargin={6}
        mb="md"
        style={{ flexWrap: "wrap", rowGap: 4 }}
      >
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.to} size="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
