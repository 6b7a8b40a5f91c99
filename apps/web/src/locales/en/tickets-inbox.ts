/**
 * The few ticket strings the top bar's messages dropdown needs on every logged-in page: they come
 * with the other areas (areas.ts). The rest of the ticket screens' strings (tickets.ts) arrive with
 * the ticket pages (lib/i18n loadEnglishFeature), so /dashboard does not download them.
 */
const ticketsInbox = {
  role: {
    user: "You",
    customer: "Customer",
    admin: "Admin",
    support: "Support",
  },
  inbox: {
    openWithCount: "Messages ({{count}} unread)",
    unread: "{{count}} unread",
    unreadMark: "Unread",
    loadFailed: "Messages could not be loaded.",
    retry: "Retry",
    viewAll: "View all tickets",
  },
};

export default ticketsInbox;
