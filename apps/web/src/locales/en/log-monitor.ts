/** The log monitor's strings: loaded with its page (lib/i18n loadEnglishFeature). */
const logMonitor = {
  description: "Every recorded action: who did it, from where, and whether it went through.",
  tableLabel: "Audit events",
  emptyTitle: "No audit events",
  emptyDescription: "Sign-ins, approvals and every other change will be listed here as they happen.",
  search: "Search action, actor, target, IP or browser",
  columns: {
    at: "Time",
    actor: "Actor",
    action: "Action",
    target: "Target",
    outcome: "Outcome",
    ip: "IP address",
    userAgent: "Browser",
    details: "Details",
  },
  outcome: {
    success: "Success",
    failure: "Failure",
  },
  system: "System",
  filters: {
    actor: "Actor",
    actorPlaceholder: "All actors",
    actorNothingFound: "No matching user",
    action: "Action",
    allActions: "All actions",
    outcome: "Outcome",
    allOutcomes: "All outcomes",
    from: "From",
    to: "To",
    clear: "Clear filters",
  },
  export: {
    button: "Export CSV",
    busy: "Exporting…",
    failed: "The export could not be made.",
  },
  live: {
    toggle: "Live follow",
    on: "Following new events",
    reconnecting: "Connection lost, reconnecting…",
    newEvents_one: "{{count}} new event",
    newEvents_other: "{{count}} new events",
    showNew: "Show new events",
  },
  detailsButton: "Details",
  detailsFor: "Details of {{action}}",
  drawer: {
    title: "Audit event",
    id: "Event id",
    targetType: "Target type",
    targetId: "Target id",
    noDetails: "This event carries no details.",
  },
};

export default logMonitor;
