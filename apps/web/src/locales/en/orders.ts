/** Orders, offers and invoices (features/orders). */
const orders = {
  validation: {
    discount: "Discount must be a percentage from 0 to 100 with at most two decimals",
    validUntilRequired: "Valid until field is required",
    validUntil: "Valid until must be a date",
    validUntilPast: "Valid until must be in the future",
    referenceRequired: "Payment reference field is required",
    referenceTooLong: "Payment reference must be at most 200 characters",
    messageTooLong: "Message must be at most 2000 characters",
  },
};

export default orders;
