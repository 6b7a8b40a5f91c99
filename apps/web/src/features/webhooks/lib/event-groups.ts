import { WEBHOOK_ALL_EVENTS, webhookEventTypes, type WebhookEventType } from "@portal/contract";

/** The part of an event name before its first dot ("license-request" of "license-request.approved"): the group it is listed under. */
export type WebhookEventGroup = WebhookEventType extends `${infer Group}.${string}` ? Group : never;

/** The contract's events by group, in the contract's order (the group labels are translated, the names stay as code). */
export const webhookEventGroups: { group: WebhookEventGroup; events: WebhookEventType[] }[] = (() => {
  const groups = new Map<WebhookEventGroup, WebhookEventType[]>();
  for (const event of webhookEventTypes) {
    const group = event.slice(0, event.indexOf(".")) as WebhookEventGroup;
    groups.set(group, [...(groups.get(group) ?? []), event]);
  }
  return [...groups].map(([group, events]) => ({ group, events }));
})();

export const subscribesToAll = (events: readonly string[]) => events.includes(WEBHOOK_ALL_EVENTS);

/** The events of a group the list has: none, some or all. */
export function groupState(selected: readonly string[], events: readonly string[]): "none" | "some" | "all" {
  const chosen = events.filter((event) => selected.includes(event)).length;
  return chosen === 0 ? "none" : chosen === events.length ? "all" : "some";
}

/** The list with one event added or taken out, kept in the contract's order. */
export function toggleEvents(selected: readonly string[], events: readonly string[], on: boolean): string[] {
  const next = new Set(selected.filter((event) => event !== WEBHOOK_ALL_EVENTS));
  for (const event of events) {
    if (on) next.add(event);
    else next.delete(event);
  }
  return webhookEventTypes.filter((event) => next.has(event));
}
