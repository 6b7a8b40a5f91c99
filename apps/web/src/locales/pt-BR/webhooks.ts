import type { Messages } from "../en";

const webhooks: Messages["webhooks"] = {
  validation: {
    url: "A URL deve ser um endereço https:// válido",
    urlRequired: "O campo URL é obrigatório",
    events: "Os eventos devem ser uma lista de nomes de evento",
    eventsRequired: "Escolha pelo menos um evento",
    status: "O status deve ser pendente, entregue ou com falha",
  },
};

export default webhooks;
