/** The admin outbox (features/outbox): loaded with its page (lib/i18n loadEnglishFeature). */
const outbox = {
  description: "SMTP_URL is not set, so the server writes each e-mail to its data folder instead of sending it. Pass a link on to the person it is for, or mark their e-mail verified in Users. Messages are kept for two weeks.",
  tableLabel: "Outbox messages",
  search: "Search by recipient or subject",
  columns: {
    message: "Message",
    createdAt: "Written",
  },
  show: "Show message: {{subject}}",
  hide: "Hide message: {{subject}}",
  messageText: "Message text",
  noText: "This message has no text.",
};

export default outbox;
