/** Webhook endpoints and deliveries (features/webhooks). */
const webhooks = {
  validation: {
    url: "URL must be a valid https:// address",
    urlRequired: "URL field is required",
    events: "Events must be a list of event names",
    eventsRequired: "Choose at least one event",
    status: "Status must be pending, delivered or failed",
  },
};

export default webhooks;
