import type { Messages } from "../en";

/** Orders, offers and invoices (features/orders). */
const orders: Messages["orders"] = {
  validation: {
    discount: "El descuento debe ser un porcentaje de 0 a 100 con dos decimales como máximo",
    validUntilRequired: "El campo Válida hasta es obligatorio",
    validUntil: "Válida hasta debe ser una fecha",
    validUntilPast: "Válida hasta debe ser una fecha futura",
    referenceRequired: "El campo Referencia de pago es obligatorio",
    referenceTooLong: "La referencia de pago puede tener como máximo 200 caracteres",
    messageTooLong: "El mensaje puede tener como máximo 2000 caracteres",
  },
};

export default orders;
