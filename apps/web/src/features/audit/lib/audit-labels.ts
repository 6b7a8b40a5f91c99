import { auditActions, auditTargetTypes, type AuditAction, type AuditEvent, type AuditTargetType } from "@portal/contract";
import type { TFunction } from "i18next";
import { paths } from "@/lib/paths";

const knownActions = new Set<string>(auditActions);
const knownTargetTypes = new Set<string>(auditTargetTypes);

/** An action in the interface language; one the contract does not know (an older server's) as its code. */
export function actionLabel(t: TFunction, action: string): string {
  return knownActions.has(action) ? t(`logMonitor.actions.${action as AuditAction}`) : action;
}

/** A target type in the interface language, or as stored when the contract does not know it. */
export function targetTypeLabel(t: TFunction, targetType: string): string {
  return knownTargetTypes.has(targetType) ? t(`logMonitor.targetTypes.${targetType as AuditTargetType}`) : targetType;
}

const withSearch = (path: string, q: string) => `${path}?${new URLSearchParams({ q })}`;

/**
 * Where the admin panel shows an event's target: its own page when it has one, else its list
 * searched for its name. Nothing for a target that is gone, that has no admin screen (a customer's
 * project or card, a background job), or whose name is not known.
 */
export function targetLink(event: Pick<AuditEvent, "targetType" | "targetId" | "targetName" | "targetDeleted">): string | undefined {
  const { targetType, targetId: id, targetName: name, targetDeleted } = event;
  if (targetDeleted || !targetType || !id) return undefined;
  switch (targetType as AuditTargetType) {
    case "license":
      return `${paths.admin.purchasedLicenses}?${new URLSearchParams({ license: id })}`;
    case "ticket":
      return paths.admin.ticket(id);
    case "plan":
      return paths.admin.plan(id);
    case "faq_category":
      return `${paths.faqManage}?${new URLSearchParams({ categoryId: id })}`;
    case "mfa_authenticator":
      return paths.admin.mfaAuthenticator;
    case "update":
      // A draft has no version yet: its wizard is its page.
      return name ? withSearch(paths.admin.updates, name) : paths.admin.updateDraft(id);
    default:
      break;
  }
  if (!name) return undefined;
  const searched: Partial<Record<AuditTargetType, string>> = {
    user: paths.admin.users,
    session: paths.admin.users,
    license_request: paths.admin.licenseRequests,
    feature: paths.admin.manageFeatures,
    service: paths.admin.manageServices,
    faq_entry: paths.faqManage,
    demo_request: paths.faqDemoRequests,
  };
  const list = searched[targetType as AuditTargetType];
  return list ? withSearch(list, name) : undefined;
}

/** What a target is called on screen: its name, "Draft" for an update without a version, else the start of its id. */
export function targetText(t: TFunction, event: Pick<AuditEvent, "targetType" | "targetId" | "targetName" | "targetDeleted">): string | null {
  if (event.targetName) return event.targetName;
  if (event.targetType === "update" && event.targetId && !event.targetDeleted) return t("logMonitor.target.draft");
  if (event.targetType === "mfa_authenticator") return null;
  return event.targetId ? shortId(event.targetId) : null;
}

/** A uuid's first group is enough to tell rows apart on screen; the drawer shows it whole. */
function shortId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? `${id.slice(0, 8)}…` : id;
}
