import {
  IconDevices,
  IconFileAnalytics,
  IconHelpCircle,
  IconLifebuoy,
  IconPhoneCall,
  IconRadar2,
  IconSchool,
  IconShieldLock,
  IconShoppingCart,
  IconWifi,
  type Icon,
} from "@tabler/icons-react";
import type { FaqCategoryKey } from "@portal/contract";

const icons: Record<FaqCategoryKey, Icon> = {
  "network-access": IconShieldLock,
  "wifi-access": IconWifi,
  voice: IconPhoneCall,
  "log-management": IconFileAnalytics,
  "threat-analytics": IconRadar2,
  "endpoint-inventory": IconDevices,
  support: IconLifebuoy,
  training: IconSchool,
  sales: IconShoppingCart,
};

/** The icon of an FAQ category, by its stable key. */
export function CategoryIcon({ categoryKey, size = 16 }: { categoryKey: string; size?: number }) {
  const Component = Object.hasOwn(icons, categoryKey) ? icons[categoryKey as FaqCategoryKey] : IconHelpCircle;
  return <Component size={size} aria-hidden />;
}
