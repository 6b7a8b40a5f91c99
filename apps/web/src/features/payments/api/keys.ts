export const paymentKeys = {
  methods: ["payments", "methods"] as const,
  billingAddress: ["payments", "billing-address"] as const,
};
