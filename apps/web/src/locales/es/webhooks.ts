import type { Messages } from "../en";

const webhooks: Messages["webhooks"] = {
  validation: {
    url: "La URL debe ser una dirección https:// válida",
    urlRequired: "El campo URL es obligatorio",
    events: "Los eventos deben ser una lista de nombres de evento",
    eventsRequired: "Elige al menos un evento",
    status: "El estado debe ser pendiente, entregado o fallido",
  },
};

export default webhooks;
