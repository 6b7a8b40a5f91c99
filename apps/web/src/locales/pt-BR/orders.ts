import type { Messages } from "../en";

/** Orders, offers and invoices (features/orders). */
const orders: Messages["orders"] = {
  validation: {
    discount: "O desconto deve ser uma porcentagem de 0 a 100 com no máximo duas casas decimais",
    validUntilRequired: "O campo Válida até é obrigatório",
    validUntil: "Válida até deve ser uma data",
    validUntilPast: "Válida até deve ser uma data futura",
    referenceRequired: "O campo Referência do pagamento é obrigatório",
    referenceTooLong: "A referência do pagamento pode ter no máximo 200 caracteres",
    messageTooLong: "A mensagem pode ter no máximo 2000 caracteres",
  },
};

export default orders;
