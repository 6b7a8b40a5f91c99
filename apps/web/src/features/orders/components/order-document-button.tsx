import { Button, type ButtonProps } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { Order } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { useDownload } from "@/lib/use-download";
import { fetchOrderDocument } from "../api/orders";
import { documentFileName, documentKind } from "../lib/order-state";

/**
 * Downloads the order's PDF with the app's download notices: the offer while the order is offered
 * or accepted, the invoice once it is paid. Nothing before an offer (or once cancelled).
 */
export function OrderDocumentButton({ order, ...button }: { order: Pick<Order, "id" | "status" | "number" | "invoiceNumber"> } & Omit<ButtonProps, "children" | "onClick">) {
  const { t } = useTranslation();
  const download = useDownload();
  const kind = documentKind(order);
  if (!kind) return null;
  const key = `order-${order.id}-${kind}`;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={download.pendingKey === key}
      onClick={() => download.start({ key, fileName: documentFileName(order), content: () => fetchOrderDocument(order.id) })}
      data-testid="order-document"
      data-kind={kind}
      {...button}
    >
      {t(kind === "invoice" ? "orders.document.invoice" : "orders.document.offer")}
    </Button>
  );
}
