import type { License } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useSetLicenseActive } from "../api/licenses";

export interface ActivationTarget {
  license: License;
  active: boolean;
}

/** Admin: deactivate (the key stops validating, its .req tokens die) or reactivate, after a confirmation. */
export function LicenseActivationToggle({ target, onClose }: { target: ActivationTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSetLicenseActive();
  const reactivate = target?.active === true;
  return (
    <ConfirmDialog
      opened={target !== null}
      title={reactivate ? t("licenses.issued.reactivateTitle") : t("licenses.issued.deactivateTitle")}
      confirmLabel={reactivate ? t("licenses.actions.reactivate") : t("licenses.actions.deactivate")}
      cancelLabel={t("licenses.actions.cancel")}
      color={reactivate ? "teal" : "red"}
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!target) return;
        mutation.mutate(
          { id: target.license.id, active: target.active },
          {
            onSuccess: () => {
              notifySuccess(reactivate ? t("licenses.issued.reactivated") : t("licenses.issued.deactivated"));
              onClose();
            },
            onError: (error) => {
              notifyError(error);
              onClose();
            },
          },
        );
      }}
    >
      {reactivate
        ? t("licenses.issued.reactivateMessage", { key: target?.license.key ?? "" })
        : t("licenses.issued.deactivateMessage", { key: target?.license.key ?? "", email: target?.license.ownerEmail ?? "" })}
    </ConfirmDialog>
  );
}
