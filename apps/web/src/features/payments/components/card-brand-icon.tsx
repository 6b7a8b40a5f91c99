import { ThemeIcon, type ThemeIconProps } from "@mantine/core";
import { IconBrandMastercard, IconBrandVisa, IconCreditCard } from "@tabler/icons-react";
import type { PaymentMethod } from "@portal/contract";
import { useTranslation } from "react-i18next";

const colors: Record<PaymentMethod["brand"], string> = {
  visa: "blue",
  mastercard: "orange",
  amex: "cyan",
  troy: "teal",
  discover: "grape",
  other: "gray",
};

/** The brand's mark (Visa, Mastercard) or a generic card, with the brand name for screen readers. */
export function CardBrandIcon({ brand, size = 40, ...props }: { brand: PaymentMethod["brand"]; size?: number } & Omit<ThemeIconProps, "children" | "size">) {
  const { t } = useTranslation();
  const Icon = brand === "visa" ? IconBrandVisa : brand === "mastercard" ? IconBrandMastercard : IconCreditCard;
  const label = t(`commerce.payments.cards.brands.${brand}`);
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={colors[brand]} role="img" aria-label={label} title={label} {...props}>
      <Icon size={Math.round(size * 0.6)} aria-hidden />
    </ThemeIcon>
  );
}
