/**
 * The words of an offer and an invoice in the portal's six languages. `{rate}`, `{order}`, `{date}` and
 * `{reference}` are filled in by the renderer.
 */
import type { PortalLanguage } from "@portal/contract";

export interface DocumentLabels {
  offer: string;
  invoice: string;
  invoiceNumber: string;
  order: string;
  date: string;
  validUntil: string;
  billTo: string;
  taxLocation: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
  paymentReference: string;
  seller: string;
  taxId: string;
  message: string;
  offerFooter: string;
  invoiceFooter: string;
  page: string;
}

export const documentLabels: Record<PortalLanguage, DocumentLabels> = {
  en: {
    offer: "Offer",
    invoice: "Invoice",
    invoiceNumber: "Invoice number",
    order: "Order",
    date: "Date",
    validUntil: "Valid until",
    billTo: "Bill to",
    taxLocation: "Tax location",
    description: "Description",
    quantity: "Quantity",
    unitPrice: "Unit price",
    amount: "Amount",
    subtotal: "Subtotal",
    discount: "Discount ({rate})",
    tax: "Tax ({rate})",
    total: "Total",
    paymentReference: "Payment reference",
    seller: "Seller",
    taxId: "Tax ID",
    message: "Message",
    offerFooter: "To accept this offer, open order {order} in the customer portal and choose Accept by {date}.",
    invoiceFooter: "Paid with reference {reference}. Thank you for your business.",
    page: "Page {page} of {pages}",
  },
  tr: {
    offer: "Teklif",
    invoice: "Fatura",
    invoiceNumber: "Fatura numarası",
    order: "Sipariş",
    date: "Tarih",
    validUntil: "Geçerlilik tarihi",
    billTo: "Fatura adresi",
    taxLocation: "Vergi yeri",
    description: "Açıklama",
    quantity: "Miktar",
    unitPrice: "Birim fiyat",
    amount: "Tutar",
    subtotal: "Ara toplam",
    discount: "İndirim ({rate})",
    tax: "Vergi ({rate})",
    total: "Toplam",
    paymentReference: "Ödeme referansı",
    seller: "Satıcı",
    taxId: "Vergi numarası",
    message: "Mesaj",
    offerFooter: "Bu teklifi kabul etmek için müşteri portalında {order} siparişini açın ve {date} tarihine kadar Kabul et'i seçin.",
    invoiceFooter: "{reference} referansıyla ödendi. Bizi tercih ettiğiniz için teşekkür ederiz.",
    page: "Sayfa {page} / {pages}",
  },
  es: {
    offer: "Oferta",
    invoice: "Factura",
    invoiceNumber: "Número de factura",
    order: "Pedido",
    date: "Fecha",
    validUntil: "Válida hasta",
    billTo: "Facturar a",
    taxLocation: "Ubicación fiscal",
    description: "Descripción",
    quantity: "Cantidad",
    unitPrice: "Precio unitario",
    amount: "Importe",
    subtotal: "Subtotal",
    discount: "Descuento ({rate})",
    tax: "Impuesto ({rate})",
    total: "Total",
    paymentReference: "Referencia de pago",
    seller: "Vendedor",
    taxId: "NIF",
    message: "Mensaje",
    offerFooter: "Para aceptar esta oferta, abra el pedido {order} en el portal de clientes y elija Aceptar antes del {date}.",
    invoiceFooter: "Pagada con la referencia {reference}. Gracias por su confianza.",
    page: "Página {page} de {pages}",
  },
  "zh-CN": {
    offer: "报价单",
    invoice: "发票",
    invoiceNumber: "发票号码",
    order: "订单",
    date: "日期",
    validUntil: "有效期至",
    billTo: "账单地址",
    taxLocation: "纳税地点",
    description: "描述",
    quantity: "数量",
    unitPrice: "单价",
    amount: "金额",
    subtotal: "小计",
    discount: "折扣（{rate}）",
    tax: "税费（{rate}）",
    total: "总计",
    paymentReference: "付款参考号",
    seller: "卖方",
    taxId: "税号",
    message: "留言",
    offerFooter: "如需接受此报价，请在 {date} 之前于客户门户中打开订单 {order} 并选择“接受”。",
    invoiceFooter: "已付款，参考号 {reference}。感谢您的惠顾。",
    page: "第 {page} 页，共 {pages} 页",
  },
  fa: {
    offer: "پیشنهاد قیمت",
    invoice: "صورت‌حساب",
    invoiceNumber: "شماره صورت‌حساب",
    order: "سفارش",
    date: "تاریخ",
    validUntil: "معتبر تا",
    billTo: "صورت‌حساب به نام",
    taxLocation: "محل مالیاتی",
    description: "شرح",
    quantity: "تعداد",
    unitPrice: "قیمت واحد",
    amount: "مبلغ",
    subtotal: "جمع جزء",
    discount: "تخفیف ({rate})",
    tax: "مالیات ({rate})",
    total: "جمع کل",
    paymentReference: "شناسه پرداخت",
    seller: "فروشنده",
    taxId: "شناسه مالیاتی",
    message: "پیام",
    offerFooter: "برای پذیرفتن این پیشنهاد، سفارش {order} را در پورتال مشتریان باز کنید و تا {date} گزینه «پذیرفتن» را انتخاب کنید.",
    invoiceFooter: "با شناسه پرداخت {reference} پرداخت شد. از خرید شما سپاسگزاریم.",
    page: "صفحه {page} از {pages}",
  },
  "pt-BR": {
    offer: "Proposta",
    invoice: "Fatura",
    invoiceNumber: "Número da fatura",
    order: "Pedido",
    date: "Data",
    validUntil: "Válida até",
    billTo: "Faturar para",
    taxLocation: "Local de tributação",
    description: "Descrição",
    quantity: "Quantidade",
    unitPrice: "Preço unitário",
    amount: "Valor",
    subtotal: "Subtotal",
    discount: "Desconto ({rate})",
    tax: "Imposto ({rate})",
    total: "Total",
    paymentReference: "Referência de pagamento",
    seller: "Vendedor",
    taxId: "CNPJ/ID fiscal",
    message: "Mensagem",
    offerFooter: "Para aceitar esta proposta, abra o pedido {order} no portal do cliente e escolha Aceitar até {date}.",
    invoiceFooter: "Paga com a referência {reference}. Obrigado pela preferência.",
    page: "Página {page} de {pages}",
  },
};

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
