import { Button } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { useRouteHandles } from "../route-handle";

/** A page a later issue fills: the layout, its translated title and a translated empty state. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const handles = useRouteHandles();
  const handle = [...handles].reverse().find((entry) => entry.handle.placeholder)?.handle;
  const key = handle?.placeholder;
  if (!key) return null;
  return (
    <>
      <PageHeader title={t(`pages.${key}.title`)} />
      <EmptyPanel
        icon={<IconInbox size={28} aria-hidden />}
        title={t(`pages.${key}.emptyTitle`)}
        description={t(`pages.${key}.emptyDescription`)}
        action={
          handle.placeholderAction && (
            <Button component={Link} to={handle.placeholderAction.to}>
              {t(handle.placeholderAction.label)}
            </Button>
          )
        }
      />
    </>
  );
}

export { PlaceholderPage as Component };
