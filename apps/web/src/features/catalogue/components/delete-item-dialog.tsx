import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { parseApiError } from "@/lib/errors";
import { notifySuccess } from "@/lib/notify";

/**
 * Asks before deleting a feature or a service. A refusal (409 catalogue/feature_in_use,
 * catalogue/service_in_use) is shown inside the dialog, so the admin reads why it stayed.
 */
export function DeleteItemDialog({
  item,
  kind,
  onClose,
  remove,
  pending,
}: {
  item: { id: string; name: string } | null;
  kind: "features" | "services";
  onClose: () => void;
  remove: (id: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      opened={item !== null}
      onClose={close}
      onConfirm={() => {
        if (!item) return;
        setError(null);
        remove(item.id, {
          onSuccess: () => {
            notifySuccess(t(`commerce.${kind}.deleted`));
            close();
          },
          onError: (failure) => setError(parseApiError(failure, t).message),
        });
      }}
      title={t(`commerce.${kind}.deleteTitle`)}
      confirmLabel={t("commerce.common.delete")}
      cancelLabel={t("commerce.common.cancel")}
      danger
      loading={pending}
      error={error}
      testId="delete-item-dialog"
    >
      {`${t(`commerce.${kind}.deleteConfirm`, { name: item?.name ?? "" })} ${t(`commerce.${kind}.deleteNote`)} ${t("commerce.common.deleteWarning")}`}
    </ConfirmDialog>
  );
}
