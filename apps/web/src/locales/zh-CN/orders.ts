import type { Messages } from "../en";

/** Orders, offers and invoices (features/orders). */
const orders: Messages["orders"] = {
  validation: {
    discount: "折扣必须是 0 到 100 之间的百分比，最多两位小数",
    validUntilRequired: "有效期至为必填项",
    validUntil: "有效期至必须是日期",
    validUntilPast: "有效期至必须是将来的日期",
    referenceRequired: "付款参考号为必填项",
    referenceTooLong: "付款参考号最多 200 个字符",
    messageTooLong: "留言最多 2000 个字符",
  },
};

export default orders;
